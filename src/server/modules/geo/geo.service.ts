/**
 * A visitor's postal code (in the operator's country's stored form) guessed from their IP address, on the server so the browser talks only to
 * us: off unless IP_GEOLOCATION_URL is set; any failure is logged and answers "no guess".
 */
import { isIP } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { operatingCountry } from '@/shared/operating-country';
import { normalisePostalCode } from '@/shared/postal-codes';

const TIMEOUT_MS = 2000;
const CACHE_TTL_MS = 3_600_000;
const CACHE_MAX = 10_000;

/** Loopback, private and link-local addresses have no location worth asking about. */
export function isPublicAddress(ip: string): boolean {
  if (!isIP(ip)) return false;
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (/^(10\.|127\.|0\.|169\.254\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.)/.test(v4)) return false;
  if (ip === '::1' || /^(fc|fd|fe80)/i.test(ip)) return false;
  return true;
}

export class GeoService {
  private readonly cache = new Map<string, { postalCode: string | null; at: number }>();

  constructor(
    private readonly urlTemplate: string | undefined,
    private readonly log: FastifyBaseLogger,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  get isEnabled(): boolean {
    return this.urlTemplate !== undefined;
  }

  async guessPostalCode(ip: string): Promise<string | null> {
    if (!this.urlTemplate || !isPublicAddress(ip)) return null;
    const cached = this.cache.get(ip);
    if (cached && Date.now() - cached.at < CACHE_TTL_MS) return cached.postalCode;
    let postalCode: string | null = null;
    try {
      const response = await this.fetchImpl(this.urlTemplate.replace('{ip}', encodeURIComponent(ip)), {
        signal: AbortSignal.timeout(TIMEOUT_MS),
        headers: { accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`lookup answered ${response.status}`);
      const body = (await response.json()) as Record<string, unknown>;
      const value = [body.postal, body.postal_code, body.zip, body.zip_code].find((v): v is string => typeof v === 'string');
      const code = value ? normalisePostalCode(operatingCountry(), value) : null;
      postalCode = code && operatingCountry() === 'US' ? code.slice(0, 5) : code;
    } catch (error) {
      this.log.warn({ err: error }, 'postal code lookup failed');
      return null;
    }
    if (this.cache.size >= CACHE_MAX) this.cache.clear();
    this.cache.set(ip, { postalCode, at: Date.now() });
    return postalCode;
  }
}
