/** Array parameters as PostgreSQL array literals: both drivers pass them as text, to be cast in SQL. */
export const toTextArray = (values: string[]) =>
  `{${values.map((v) => `"${v.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`).join(',')}}`;
export const toIntArray = (values: number[]) => `{${values.map((v) => Math.trunc(v)).join(',')}}`;
