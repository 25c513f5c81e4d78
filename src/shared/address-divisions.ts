/**
 * The division an address names after its city, by country: a US or Australian state, a Canadian
 * province, a British or Irish county (which people may leave out), or none at all (in most of
 * Europe the postal code says where). The business form labels its field by it, asks for it where
 * addresses need it, and hides it where the country has none.
 */
export type AddressDivision = 'state' | 'province' | 'county';

export interface AddressDivisionRule {
  division: AddressDivision;
  required: boolean;
}

const RULES: Readonly<Record<string, AddressDivisionRule>> = {
  US: { division: 'state', required: true },
  AU: { division: 'state', required: true },
  BR: { division: 'state', required: true },
  IN: { division: 'state', required: true },
  MX: { division: 'state', required: true },
  CA: { division: 'province', required: true },
  ES: { division: 'province', required: false },
  IT: { division: 'province', required: false },
  GB: { division: 'county', required: false },
  IE: { division: 'county', required: false },
};

/** The country's division, or null where addresses name none. */
export const addressDivisionOf = (country: string): AddressDivisionRule | null => RULES[country] ?? null;
