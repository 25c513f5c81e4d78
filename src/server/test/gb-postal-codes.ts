/**
 * A British postal-code file in the GeoNames format, for tests and journeys of an operator in the
 * UK: real postcodes with the coordinates of the places they serve (Buckingham Palace, Downing
 * Street, the House of Commons, the BBC, Manchester Piccadilly, Edinburgh's Waverley).
 */
import { writeFileSync } from 'node:fs';

export const GB_SAMPLE_POSTCODES: readonly (readonly [
  code: string,
  place: string,
  nation: string,
  nationCode: string,
  latitude: string,
  longitude: string,
])[] = [
  ['SW1A 1AA', 'London', 'England', 'ENG', '51.501009', '-0.141588'],
  ['SW1A 2AA', 'London', 'England', 'ENG', '51.503540', '-0.127695'],
  ['SW1A 0AA', 'London', 'England', 'ENG', '51.499840', '-0.124663'],
  ['W1A 1AA', 'London', 'England', 'ENG', '51.518561', '-0.143799'],
  ['EC1A 1BB', 'London', 'England', 'ENG', '51.520180', '-0.097790'],
  ['M1 1AE', 'Manchester', 'England', 'ENG', '53.477383', '-2.230746'],
  ['EH1 1YZ', 'Edinburgh', 'Scotland', 'SCT', '55.952210', '-3.189258'],
];

/** One GeoNames line: twelve tab-separated columns. */
export function geonamesLine(
  country: string,
  code: string,
  place: string,
  nation: string,
  nationCode: string,
  latitude: string,
  longitude: string,
): string {
  return [country, code, place, nation, nationCode, '', '', '', '', latitude, longitude, '6'].join('\t');
}

export const gbSampleText = (): string => GB_SAMPLE_POSTCODES.map((row) => geonamesLine('GB', ...row)).join('\n') + '\n';

/** Writes the sample to `file`, as an operator's download would be. */
export function writeGbSample(file: string): string {
  writeFileSync(file, gbSampleText());
  return file;
}
