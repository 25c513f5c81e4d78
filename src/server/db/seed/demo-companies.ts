/**
 * Deterministic demo-data generator for seeding: ~300 believable local
 * businesses spread over the catalog, with real US city/ZIP/coordinates taken
 * from the `zipcodes` package, plus a fixed pool of demo reviewers.
 *
 * Pure: no database access and no global randomness. The same `seed` always
 * yields the same output (mulberry32 PRNG, fixed call order).
 *
 * All contact data is fictional: phone numbers use the reserved 555-01xx range,
 * company emails/websites use the reserved `.example` TLD and reviewer emails use
 * example.com / example.org / example.net.
 */
import zipcodes, { type ZipCodeInfo } from 'zipcodes';
import { CATALOG, type CatalogCategory, type CatalogSubcategory } from './catalog-data';
import { mulberry32 } from '@/server/lib/seeded-random';

export interface DemoReview {
  rating: number;
  comment: string | null;
  reviewerIndex: number;
}

export interface DemoCompany {
  name: string;
  description: string;
  categorySlug: string;
  subcategorySlugs: string[];
  phone: string;
  isMobilePhone: boolean;
  email: string;
  website: string | null;
  address: string;
  city: string;
  state: string;
  zip: string;
  latitude: number;
  longitude: number;
  reviews: DemoReview[];
}

export interface DemoReviewer {
  firstName: string;
  lastName: string;
  email: string;
}

// ---------------------------------------------------------------------------
// Reviewers
// ---------------------------------------------------------------------------

const REVIEWER_NAMES: Array<[string, string, string]> = [
  ['Maria', 'Gonzalez', 'example.com'],
  ['James', 'Whitaker', 'example.org'],
  ['Aisha', 'Johnson', 'example.net'],
  ['David', 'Nguyen', 'example.com'],
  ['Emily', 'Carter', 'example.org'],
  ['Michael', 'Okafor', 'example.net'],
  ['Sarah', 'Kim', 'example.com'],
  ['Robert', 'Hernandez', 'example.org'],
  ['Jessica', 'Patel', 'example.net'],
  ['Daniel', 'Murphy', 'example.com'],
  ['Olivia', 'Rossi', 'example.org'],
  ['Christopher', 'Lee', 'example.net'],
  ['Priya', 'Shah', 'example.com'],
  ['Matthew', 'Brooks', 'example.org'],
  ['Sofia', 'Ramirez', 'example.net'],
  ['Andrew', 'Sullivan', 'example.com'],
  ['Grace', 'Chen', 'example.org'],
  ['Kevin', "O'Brien", 'example.net'],
  ['Hannah', 'Schmidt', 'example.com'],
  ['Marcus', 'Washington', 'example.org'],
  ['Lauren', 'Mitchell', 'example.net'],
  ['Jose', 'Martinez', 'example.com'],
  ['Rachel', 'Goldberg', 'example.org'],
  ['Tyler', 'Anderson', 'example.net'],
  ['Fatima', 'Ali', 'example.com'],
  ['Brian', 'Kowalski', 'example.org'],
  ['Megan', 'Foster', 'example.net'],
  ['Luis', 'Castillo', 'example.com'],
  ['Natalie', 'Dubois', 'example.org'],
  ['Jordan', 'Reyes', 'example.net'],
  ['Emma', 'Thompson', 'example.com'],
  ['Samuel', 'Adeyemi', 'example.org'],
  ['Chloe', 'Bennett', 'example.net'],
  ['Ethan', 'Park', 'example.com'],
  ['Isabella', 'Moreno', 'example.org'],
  ['Nathan', 'Greene', 'example.net'],
  ['Ava', 'Lindqvist', 'example.com'],
  ['Jacob', 'Tran', 'example.org'],
  ['Mia', 'Hoffman', 'example.net'],
  ['Anthony', 'Russo', 'example.com'],
];

function emailLocalPart(first: string, last: string): string {
  const clean = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
  return `${clean(first)}.${clean(last)}`;
}

export const DEMO_REVIEWERS: DemoReviewer[] = REVIEWER_NAMES.map(([firstName, lastName, domain]) => ({
  firstName,
  lastName,
  email: `${emailLocalPart(firstName, lastName)}@${domain}`,
}));

// ---------------------------------------------------------------------------
// PRNG
// ---------------------------------------------------------------------------

interface Rng {
  next(): number;
  /** Integer in [min, max] inclusive. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  /** Returns a shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[];
}

function createRng(seed: number): Rng {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
    shuffle: <T>(items: readonly T[]): T[] => {
      const copy = items.slice();
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j], copy[i]];
      }
      return copy;
    },
  };
}

// ---------------------------------------------------------------------------
// Cities (real US cities; ZIPs/coordinates come from the zipcodes package)
// ---------------------------------------------------------------------------

interface CityDef {
  city: string;
  state: string;
  /** A real area code for the city, used for the fictional 555-01xx numbers. */
  areaCode: string;
}

const CITIES: CityDef[] = [
  { city: 'Austin', state: 'TX', areaCode: '512' },
  { city: 'Denver', state: 'CO', areaCode: '303' },
  { city: 'Seattle', state: 'WA', areaCode: '206' },
  { city: 'Portland', state: 'OR', areaCode: '503' },
  { city: 'Phoenix', state: 'AZ', areaCode: '602' },
  { city: 'San Diego', state: 'CA', areaCode: '619' },
  { city: 'Los Angeles', state: 'CA', areaCode: '213' },
  { city: 'San Francisco', state: 'CA', areaCode: '415' },
  { city: 'San Jose', state: 'CA', areaCode: '408' },
  { city: 'Sacramento', state: 'CA', areaCode: '916' },
  { city: 'Chicago', state: 'IL', areaCode: '312' },
  { city: 'Boston', state: 'MA', areaCode: '617' },
  { city: 'Atlanta', state: 'GA', areaCode: '404' },
  { city: 'Miami', state: 'FL', areaCode: '305' },
  { city: 'Tampa', state: 'FL', areaCode: '813' },
  { city: 'Orlando', state: 'FL', areaCode: '407' },
  { city: 'Dallas', state: 'TX', areaCode: '214' },
  { city: 'Houston', state: 'TX', areaCode: '713' },
  { city: 'San Antonio', state: 'TX', areaCode: '210' },
  { city: 'Nashville', state: 'TN', areaCode: '615' },
  { city: 'Charlotte', state: 'NC', areaCode: '704' },
  { city: 'Raleigh', state: 'NC', areaCode: '919' },
  { city: 'Minneapolis', state: 'MN', areaCode: '612' },
  { city: 'Columbus', state: 'OH', areaCode: '614' },
  { city: 'Kansas City', state: 'MO', areaCode: '816' },
  { city: 'Salt Lake City', state: 'UT', areaCode: '801' },
  { city: 'Las Vegas', state: 'NV', areaCode: '702' },
  { city: 'Albuquerque', state: 'NM', areaCode: '505' },
  { city: 'Boise', state: 'ID', areaCode: '208' },
  { city: 'Omaha', state: 'NE', areaCode: '402' },
  { city: 'Pittsburgh', state: 'PA', areaCode: '412' },
  { city: 'Philadelphia', state: 'PA', areaCode: '215' },
  { city: 'New York', state: 'NY', areaCode: '212' },
  { city: 'Baltimore', state: 'MD', areaCode: '410' },
  { city: 'Richmond', state: 'VA', areaCode: '804' },
  { city: 'Detroit', state: 'MI', areaCode: '313' },
  { city: 'Indianapolis', state: 'IN', areaCode: '317' },
  { city: 'Milwaukee', state: 'WI', areaCode: '414' },
  { city: 'Louisville', state: 'KY', areaCode: '502' },
  { city: 'Oklahoma City', state: 'OK', areaCode: '405' },
];

interface ResolvedCity extends CityDef {
  zips: ZipCodeInfo[];
}

let resolvedCitiesCache: ResolvedCity[] | null = null;

/** Cities with their real ZIP entries (sorted by ZIP for stable ordering). */
function resolvedCities(): ResolvedCity[] {
  if (resolvedCitiesCache) return resolvedCitiesCache;
  const result: ResolvedCity[] = [];
  for (const def of CITIES) {
    const entries = (zipcodes.lookupByName(def.city, def.state) ?? [])
      .filter(
        (e) =>
          typeof e.zip === 'string' &&
          Number.isFinite(e.latitude) &&
          Number.isFinite(e.longitude) &&
          e.city === def.city &&
          e.state === def.state,
      )
      .slice()
      .sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0));
    if (entries.length > 0) result.push({ ...def, zips: entries });
  }
  if (result.length === 0) throw new Error('demo-companies: zipcodes package returned no cities');
  resolvedCitiesCache = result;
  return result;
}

// ---------------------------------------------------------------------------
// Naming / wording per category
// ---------------------------------------------------------------------------

interface CategoryStyle {
  /** Noun phrase used in sentences, e.g. "plumbing". */
  trade: string;
  /** Trade-specific name prefixes, e.g. "Bright Spark". */
  prefixes: string[];
  /** Name endings, e.g. "Plumbing Co.". */
  suffixes: string[];
}

const CATEGORY_STYLES: Record<string, CategoryStyle> = {
  'construction-renovation': {
    trade: 'construction and remodeling',
    prefixes: [
      'Solid Ground',
      'Cornerstone',
      'Keystone',
      'Ironwood',
      'Blueprint',
      'Foundation First',
      'Level Line',
      'True Square',
    ],
    suffixes: ['Builders', 'Construction', 'Remodeling', 'Renovations', 'Contracting', 'Design & Build', 'Homes & Remodeling'],
  },
  'cleaning-services': {
    trade: 'cleaning',
    prefixes: [
      'Sparkle & Shine',
      'Fresh Start',
      'Spotless',
      'Clean Slate',
      'Pristine',
      'Squeaky Clean',
      'Tidy Nest',
      'Crystal Clear',
    ],
    suffixes: ['Cleaning', 'Cleaning Co.', 'Maids', 'Home Cleaning', 'Cleaning Services', 'Housekeeping'],
  },
  'design-services': {
    trade: 'design',
    prefixes: [
      'Studio Linden',
      'Whitespace',
      'Golden Ratio',
      'Form & Function',
      'Modern Nest',
      'Drafted',
      'Northlight',
      'Willow & Oak',
    ],
    suffixes: ['Design Studio', 'Interiors', 'Design Co.', 'Architecture', 'Design Group', 'Home Design'],
  },
  'electrical-services': {
    trade: 'electrical',
    prefixes: ['Bright Spark', 'Live Wire', 'Current', 'Voltage', 'High Wire', 'Switchback', 'Power Up', 'Circuit Pro'],
    suffixes: ['Electric', 'Electrical', 'Electric Co.', 'Electrical Services', 'Electricians', 'Power & Light'],
  },
  'hvac-services': {
    trade: 'heating and cooling',
    prefixes: ['Comfort Zone', 'Cool Breeze', 'Polar Bear', 'Four Seasons', 'Fresh Air', 'Climate Pro', 'Arctic', 'Warm Hearth'],
    suffixes: ['Heating & Air', 'HVAC', 'Heating & Cooling', 'Air Conditioning', 'Comfort Systems', 'Mechanical'],
  },
  'handyman-repairs': {
    trade: 'handyman and home repair',
    prefixes: [
      'Mr. Fix-It',
      'Handy Andy',
      'Honey-Do',
      'Toolbox',
      'Odd Jobs',
      'Fix It Right',
      'Jack of All Trades',
      'Nuts & Bolts',
    ],
    suffixes: ['Handyman', 'Handyman Services', 'Home Repair', 'Repairs', 'Home Services', 'Property Care'],
  },
  'installation-services': {
    trade: 'installation',
    prefixes: [
      'Perfect Fit',
      'Precision',
      'Plumb Line',
      'Square One',
      'Right Angle',
      'Installed Right',
      'Pro Install',
      'Tight Seam',
    ],
    suffixes: ['Installations', 'Install Co.', 'Flooring & Install', 'Home Installations', 'Installers', 'Home Upgrades'],
  },
  'junk-removal-waste': {
    trade: 'junk removal',
    prefixes: ['Haul Away', 'Junk Busters', 'Clear Out', 'Load Up', 'Toss It', 'Curbside', 'Fresh Space', 'Gone Today'],
    suffixes: ['Junk Removal', 'Hauling', 'Junk Haulers', 'Cleanouts', 'Waste Solutions', 'Disposal'],
  },
  'landscaping-outdoor': {
    trade: 'landscaping',
    prefixes: ['Green Thumb', 'Evergreen', 'Greenleaf', 'Root & Branch', 'Curb Appeal', 'Fresh Cut', 'Wildflower', 'Shady Oak'],
    suffixes: ['Landscaping', 'Lawn & Garden', 'Outdoor Living', 'Lawn Care', 'Yard Services', 'Tree & Lawn'],
  },
  'mobile-services': {
    trade: 'mobile service',
    prefixes: ['On The Go', 'Road Ready', 'At Your Door', 'Wheels Up', 'Drive-Up', 'Curbside Pro', 'Roadrunner', 'Come To You'],
    suffixes: ['Mobile Services', 'Mobile Pros', 'Mobile Solutions', 'Mobile Co.', 'On-Site Services', 'To Go'],
  },
  'moving-services': {
    trade: 'moving',
    prefixes: [
      'Two Brothers',
      'Smooth Move',
      'Easy Haul',
      'Box & Dolly',
      'Happy Trails',
      'Heavy Lifters',
      'New Chapter',
      'Careful Hands',
    ],
    suffixes: ['Moving', 'Movers', 'Moving Co.', 'Moving & Storage', 'Relocation', 'Moving Services'],
  },
  'painting-finishing': {
    trade: 'painting',
    prefixes: [
      'Fresh Coat',
      'True Color',
      'Brush Strokes',
      'Clean Lines',
      'Color Splash',
      'Perfect Finish',
      'Primer One',
      'Rolling Hills',
    ],
    suffixes: ['Painting', 'Painters', 'Painting Co.', 'Painting & Finishing', 'Coatings', 'Paint Pros'],
  },
  'plumbing-services': {
    trade: 'plumbing',
    prefixes: ['Flow Right', 'Pipe Dream', 'Drain Masters', 'Clear Flow', 'Flush', 'Blue Water', 'Leak Busters', 'Tap & Valve'],
    suffixes: ['Plumbing', 'Plumbing Co.', 'Plumbing & Drain', 'Rooter', 'Plumbing Services', 'Plumbers'],
  },
  'roofing-gutters': {
    trade: 'roofing',
    prefixes: ['Top Notch', 'Overhead', 'Peak', 'Shingle Pro', 'High Point', 'Rain Guard', 'Skyline', 'Ridge Line'],
    suffixes: ['Roofing', 'Roofing Co.', 'Roofing & Gutters', 'Roofing & Exteriors', 'Gutter Co.', 'Roof Systems'],
  },
};

/** Regional/generic prefixes that work with any trade. */
const GENERIC_PREFIXES = [
  'Rocky Mountain',
  'Summit',
  'Blue Ridge',
  'Lone Star',
  'Pioneer',
  'Liberty',
  'Heritage',
  'Reliable',
  'Apex',
  'Northstar',
  'Silver Creek',
  'Red Oak',
  'Cedar Ridge',
  'Iron Horse',
  'True North',
  'Eagle',
  'Patriot',
  'Hometown',
  'Five Star',
  'First Choice',
  'Premier',
  'Sunrise',
  'Bluebird',
  'Copper Canyon',
  'Granite Peak',
  'Riverbend',
  'Lakeside',
  'Oakwood',
  'Prairie',
  'Harbor',
  'Golden Hour',
  'Stonebridge',
  'Maple Street',
  'Big Sky',
  'Coastal',
  'Highland',
  'Trailhead',
  'Flagstone',
  'Benchmark',
  'Old Town',
];

/** Natural-language label for a subcategory used inside descriptions. */
const SERVICE_PHRASES: Record<string, string> = {
  plumber: 'general plumbing',
  electrician: 'general electrical work',
  handyman: 'handyman jobs',
  locksmith: 'lock and key service',
  roofer: 'residential roofing',
  architect: 'architectural design',
  'general-contractor': 'general contracting',
  'concrete-contractor': 'concrete work',
  'hvac-contractor': 'heating and cooling service',
  'local-movers': 'local moves',
  'long-distance-movers': 'long-distance moves',
  'apartment-movers': 'apartment moves',
  'office-movers': 'office relocations',
  'furniture-movers': 'furniture moving',
  'piano-movers': 'piano moving',
  'same-day-movers': 'same-day moves',
  'senior-moving': 'senior moves',
  'mobile-mechanic': 'mobile auto repair',
  'mobile-notary': 'mobile notary appointments',
  'maid-service': 'recurring maid service',
  'indoor-air-quality': 'indoor air quality testing',
};

function styleFor(category: CatalogCategory): CategoryStyle {
  const known = CATEGORY_STYLES[category.slug];
  if (known) return known;
  const base =
    category.name
      .replace(/\s*&.*$/, '')
      .replace(/\s+Services$/, '')
      .trim() || category.name;
  return { trade: base.toLowerCase(), prefixes: [], suffixes: [base, `${base} Co.`, `${base} Services`] };
}

/** "AC Repair" -> "AC repair", "Move-In/Move-Out Cleaning" -> "move-in/move-out cleaning". */
function servicePhrase(sub: CatalogSubcategory): string {
  const phrase = SERVICE_PHRASES[sub.slug];
  if (phrase) return phrase;
  return sub.name
    .split(' ')
    .map((w) => (/^[A-Z0-9]{2,}$/.test(w) || /^\d/.test(w) ? w : w.toLowerCase()))
    .join(' ');
}

function joinList(items: string[], conjunction: 'and' | 'or' = 'and'): string {
  if (items.length <= 1) return items.join('');
  if (items.length === 2) return `${items[0]} ${conjunction} ${items[1]}`;
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

/** "Rocky Mountain Plumbing Co." -> "rockymountainplumbing" (a–z0–9 only). */
function domainLabel(name: string): string {
  const label = name
    .replace(/\b(Co\.|LLC|Inc\.?)$/i, '')
    .replace(/&/g, 'and')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
  return label || 'localpro';
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

// ---------------------------------------------------------------------------
// Text templates
// ---------------------------------------------------------------------------

const STREET_NAMES = [
  'Oak',
  'Maple',
  'Cedar',
  'Pine',
  'Elm',
  'Main',
  'Washington',
  'Lincoln',
  'Park',
  'Lake',
  'Hill',
  'Sunset',
  'Riverside',
  'Highland',
  'Willow',
  'Chestnut',
  'Walnut',
  'Spruce',
  'Jefferson',
  'Madison',
  'Franklin',
  'Meadow',
  'Mill',
  'Church',
  'Market',
  'Broad',
  'Spring',
  'Forest',
  'Commerce',
  'Industrial',
];
const STREET_TYPES = ['Street', 'Avenue', 'Road', 'Boulevard', 'Drive', 'Lane', 'Way', 'Parkway', 'Court'];

const EMAIL_LOCAL_PARTS = ['info', 'info', 'info', 'hello', 'contact', 'office', 'service'];

type DescriptionTemplate = (ctx: {
  name: string;
  trade: string;
  services: string;
  /** Same list joined with "or" (for "Whether you need ..."). */
  servicesOr: string;
  city: string;
  state: string;
  year: number;
  crew: number;
}) => string;

const DESCRIPTION_OPENERS: DescriptionTemplate[] = [
  (c) => `${c.name} is a locally owned ${c.trade} company serving ${c.city}, ${c.state} and the surrounding neighborhoods.`,
  (c) => `Family owned since ${c.year}, ${c.name} has been ${c.city}'s trusted choice for ${c.trade}.`,
  (c) => `${c.name} provides dependable ${c.trade} services to homeowners and businesses across ${c.city}.`,
  (c) => `Based in ${c.city}, ${c.name} is a team of ${c.crew} ${c.trade} professionals who treat every home like their own.`,
  (c) => `Proudly serving ${c.city} since ${c.year}, ${c.name} brings honest, high-quality ${c.trade} work to every job.`,
];

const DESCRIPTION_MIDDLES: DescriptionTemplate[] = [
  (c) => `We specialize in ${c.services}.`,
  (c) => `Our services include ${c.services}, all backed by a written workmanship guarantee.`,
  (c) => `Call us for ${c.services} - we show up on time and leave the job site clean.`,
  (c) => `Whether you need ${c.servicesOr}, we handle projects of every size with upfront, flat-rate pricing.`,
  (c) => `Customers rely on us for ${c.services}, with clear quotes and no surprise fees.`,
];

const DESCRIPTION_CLOSERS = [
  'Licensed, insured and happy to provide free estimates.',
  'Same-week appointments are usually available.',
  'Evening and weekend appointments are available on request.',
  'We offer free, no-obligation quotes.',
  'Senior and military discounts available.',
  'Ask about our satisfaction guarantee.',
];

const POSITIVE_COMMENTS = [
  'Showed up on time, explained everything and did excellent work.',
  'Fair price and really professional from start to finish.',
  'Quick response and the job was done right the first time.',
  'Friendly crew, cleaned up after themselves. Would hire again.',
  'Great communication and the quote matched the final bill exactly.',
  'They went above and beyond. Highly recommend!',
  'Second time using them and just as good as the first.',
  "Very knowledgeable and didn't try to upsell us on anything we didn't need.",
  'Booked on Monday, finished by Wednesday. Super easy.',
  'Honest, reliable and reasonably priced.',
  'The owner came out personally to check on the work. Impressive service.',
  "Couldn't be happier with the results.",
  "Best {trade} company we've used in {city}.",
  'Took the time to walk us through our options. Great experience.',
];

const MIXED_COMMENTS = [
  'Good work overall, but they arrived about an hour late.',
  'Job got done, though it took longer than quoted.',
  'Decent quality, a bit pricier than other quotes we got.',
  'Communication could be better, but the end result was fine.',
  'Had to call twice to get them scheduled. Work itself was solid.',
  'Okay experience. Nothing special, nothing terrible.',
  'A small issue needed a follow-up visit, which they handled at no charge.',
];

const NEGATIVE_COMMENTS = [
  'Missed the appointment window and never called to explain.',
  'Final price was much higher than the estimate.',
  'Had to have someone else redo part of the job.',
  'Left a mess behind and took weeks to return calls.',
  'Not happy with the quality of the work.',
];

/** Half-step ratings with weights skewed towards 3.5–5. */
const RATING_WEIGHTS: Array<[number, number]> = [
  [5, 27],
  [4.5, 22],
  [4, 19],
  [3.5, 11],
  [3, 7],
  [2.5, 4],
  [2, 3],
  [1.5, 3],
  [1, 2],
  [0.5, 2],
];
const RATING_WEIGHT_TOTAL = RATING_WEIGHTS.reduce((sum, [, w]) => sum + w, 0);

function pickRating(rng: Rng): number {
  let roll = rng.next() * RATING_WEIGHT_TOTAL;
  for (const [rating, weight] of RATING_WEIGHTS) {
    roll -= weight;
    if (roll < 0) return rating;
  }
  return 5;
}

function pickComment(rng: Rng, rating: number, trade: string, city: string): string | null {
  if (rng.chance(0.15)) return null;
  const pool = rating >= 4 ? POSITIVE_COMMENTS : rating >= 2.5 ? MIXED_COMMENTS : NEGATIVE_COMMENTS;
  return rng.pick(pool).replace('{trade}', trade).replace('{city}', city);
}

// ---------------------------------------------------------------------------
// Generator
// ---------------------------------------------------------------------------

/**
 * Generates `count` demo companies deterministically from `seed`.
 * Categories are assigned round-robin in CATALOG order.
 */
export function generateDemoCompanies(count = 300, seed = 20261122): DemoCompany[] {
  const rng = createRng(seed);
  const cities = resolvedCities();
  const categories = CATALOG.filter((c) => c.subcategories.length > 0);
  if (categories.length === 0 || count <= 0) return [];

  const usedNames = new Set<string>();
  const usedDomains = new Set<string>();
  const usedPhones = new Set<string>();
  const companies: DemoCompany[] = [];

  for (let i = 0; i < count; i++) {
    const category = categories[i % categories.length];
    const style = styleFor(category);
    const city = rng.pick(cities);
    const zipEntry = rng.pick(city.zips);

    // --- name (unique, and its derived domain must be unique too) ---
    const prefixPool = [...style.prefixes, ...style.prefixes, ...GENERIC_PREFIXES];
    let name = '';
    for (let attempt = 0; attempt < 60 && !name; attempt++) {
      const candidate =
        attempt < 40 && !rng.chance(0.08)
          ? `${rng.pick(prefixPool)} ${rng.pick(style.suffixes)}`
          : `${city.city} ${rng.pick(style.suffixes)}`;
      if (!usedNames.has(candidate) && !usedDomains.has(domainLabel(candidate))) name = candidate;
    }
    for (let n = 2; !name; n++) {
      const candidate = `${rng.pick(prefixPool)} ${rng.pick(style.suffixes)} ${n}`;
      if (!usedNames.has(candidate) && !usedDomains.has(domainLabel(candidate))) name = candidate;
    }
    const domain = domainLabel(name);
    usedNames.add(name);
    usedDomains.add(domain);

    // --- subcategories (1–3, catalog order) ---
    const subCount = Math.min(category.subcategories.length, rng.int(1, 3));
    const chosenSubs = rng
      .shuffle(category.subcategories)
      .slice(0, subCount)
      .sort((a, b) => category.subcategories.indexOf(a) - category.subcategories.indexOf(b));

    // --- description (2–3 sentences) ---
    const ctx = {
      name,
      trade: style.trade,
      services: joinList(chosenSubs.map(servicePhrase)),
      servicesOr: joinList(chosenSubs.map(servicePhrase), 'or'),
      city: city.city,
      state: city.state,
      year: rng.int(1985, 2021),
      crew: rng.int(3, 25),
    };
    const sentences = [rng.pick(DESCRIPTION_OPENERS)(ctx), capitalize(rng.pick(DESCRIPTION_MIDDLES)(ctx))];
    if (rng.chance(0.6)) sentences.push(rng.pick(DESCRIPTION_CLOSERS));
    const description = sentences.join(' ');

    // --- phone (fictional 555-01xx range, unique) ---
    let phone = '';
    for (let attempt = 0; attempt < 200 && !phone; attempt++) {
      const candidate = `(${city.areaCode}) 555-01${String(rng.int(0, 99)).padStart(2, '0')}`;
      if (!usedPhones.has(candidate)) phone = candidate;
    }
    if (!phone) phone = `(${city.areaCode}) 555-01${String(i % 100).padStart(2, '0')}`;
    usedPhones.add(phone);
    const isMobilePhone = rng.chance(1 / 3);

    // --- email / website ---
    const email = `${rng.pick(EMAIL_LOCAL_PARTS)}@${domain}.example`;
    const website = rng.chance(0.7) ? `https://www.${domain}.example` : null;

    // --- street address ---
    let address = `${rng.int(100, 9899)} ${rng.pick(STREET_NAMES)} ${rng.pick(STREET_TYPES)}`;
    if (rng.chance(0.25)) address += `, Suite ${rng.int(1, 4) * 100 + rng.int(0, 50)}`;

    // --- reviews (~60% of companies, 1–8 each, distinct reviewers) ---
    const reviews: DemoReview[] = [];
    if (rng.chance(0.6)) {
      const reviewCount = Math.min(rng.int(1, 8), DEMO_REVIEWERS.length);
      const reviewerIndexes = rng.shuffle(DEMO_REVIEWERS.map((_, idx) => idx)).slice(0, reviewCount);
      for (const reviewerIndex of reviewerIndexes) {
        const rating = pickRating(rng);
        reviews.push({ rating, comment: pickComment(rng, rating, style.trade, city.city), reviewerIndex });
      }
    }

    companies.push({
      name,
      description,
      categorySlug: category.slug,
      subcategorySlugs: chosenSubs.map((s) => s.slug),
      phone,
      isMobilePhone,
      email,
      website,
      address,
      city: zipEntry.city,
      state: zipEntry.state,
      zip: zipEntry.zip,
      latitude: zipEntry.latitude,
      longitude: zipEntry.longitude,
      reviews,
    });
  }

  return companies;
}
