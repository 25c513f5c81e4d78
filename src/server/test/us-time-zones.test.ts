import { describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE, usTimeZone } from './us-time-zones';

describe('usTimeZone', () => {
  it('gives a one-zone state its zone, and Eastern time for an unknown one', () => {
    expect(usTimeZone('NY', 40.75, -73.99)).toBe('America/New_York');
    expect(usTimeZone('ca', 34.05, -118.24)).toBe('America/Los_Angeles');
    expect(usTimeZone('CO', null, null)).toBe('America/Denver');
    expect(usTimeZone('ZZ', 40, -100)).toBe(DEFAULT_TIME_ZONE);
  });

  it('keeps Arizona, Hawaii, Alaska and Puerto Rico in their own zones', () => {
    expect(usTimeZone('AZ', 33.45, -112.07)).toBe('America/Phoenix');
    expect(usTimeZone('HI', 21.31, -157.86)).toBe('Pacific/Honolulu');
    expect(usTimeZone('AK', 61.22, -149.9)).toBe('America/Anchorage');
    expect(usTimeZone('AK', 51.88, -176.66)).toBe('America/Adak'); // Adak, in the Aleutians
    expect(usTimeZone('PR', 18.47, -66.11)).toBe('America/Puerto_Rico');
  });

  it('splits the states that span two zones by where the place lies', () => {
    const cases: [string, number, number, string, string][] = [
      ['FL', 30.42, -87.22, 'America/Chicago', 'Pensacola'],
      ['FL', 30.44, -84.28, 'America/New_York', 'Tallahassee'],
      ['TN', 35.96, -83.92, 'America/New_York', 'Knoxville'],
      ['TN', 35.05, -85.31, 'America/New_York', 'Chattanooga'],
      ['TN', 36.16, -86.78, 'America/Chicago', 'Nashville'],
      ['KY', 38.25, -85.76, 'America/New_York', 'Louisville'],
      ['KY', 36.99, -86.44, 'America/Chicago', 'Bowling Green'],
      ['KY', 37.08, -88.6, 'America/Chicago', 'Paducah'],
      ['IN', 39.77, -86.16, 'America/Indiana/Indianapolis', 'Indianapolis'],
      ['IN', 41.59, -87.35, 'America/Chicago', 'Gary'],
      ['IN', 37.97, -87.57, 'America/Chicago', 'Evansville'],
      ['MI', 42.33, -83.05, 'America/Detroit', 'Detroit'],
      ['MI', 45.82, -88.07, 'America/Menominee', 'Iron Mountain'],
      ['MI', 46.54, -87.4, 'America/Detroit', 'Marquette'],
      ['TX', 31.76, -106.49, 'America/Denver', 'El Paso'],
      ['TX', 30.27, -97.74, 'America/Chicago', 'Austin'],
      ['KS', 39.35, -101.71, 'America/Denver', 'Goodland'],
      ['KS', 39.77, -101.8, 'America/Chicago', 'St. Francis'],
      ['KS', 37.69, -97.34, 'America/Chicago', 'Wichita'],
      ['NE', 41.13, -101.72, 'America/Denver', 'Ogallala'],
      ['NE', 41.12, -100.77, 'America/Chicago', 'North Platte'],
      ['ND', 46.88, -102.79, 'America/Denver', 'Dickinson'],
      ['ND', 46.81, -100.78, 'America/Chicago', 'Bismarck'],
      ['ND', 48.15, -103.62, 'America/Chicago', 'Williston'],
      ['SD', 44.08, -103.23, 'America/Denver', 'Rapid City'],
      ['SD', 44.37, -100.35, 'America/Chicago', 'Pierre'],
      ['ID', 47.68, -116.78, 'America/Los_Angeles', "Coeur d'Alene"],
      ['ID', 46.42, -117.02, 'America/Los_Angeles', 'Lewiston'],
      ['ID', 43.62, -116.2, 'America/Boise', 'Boise'],
      ['OR', 44.03, -116.96, 'America/Boise', 'Ontario'],
      ['OR', 45.52, -122.68, 'America/Los_Angeles', 'Portland'],
    ];
    for (const [state, lat, lon, zone, town] of cases) expect(usTimeZone(state, lat, lon), town).toBe(zone);
  });

  it('names only zones the platform knows', () => {
    for (const zone of ['America/Menominee', 'America/Adak', 'America/Boise', 'America/Indiana/Indianapolis', 'Pacific/Saipan']) {
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow();
    }
  });
});
