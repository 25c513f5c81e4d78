declare module 'zipcodes' {
  export interface ZipCodeInfo {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  interface ZipCodes {
    codes: Record<string, ZipCodeInfo>;
    lookup(zip: string | number): ZipCodeInfo | undefined;
    lookupByName(city: string, state: string): ZipCodeInfo[];
    radius(zip: string | number, miles: number): string[];
    distance(a: string | number, b: string | number): number | null;
  }
  const zipcodes: ZipCodes;
  export default zipcodes;
}
