/** The text links of the company page (breadcrumb, contact card). */
export const companyDetailLinkClass =
  'rounded-sm text-blue-700 underline-offset-4 hover:text-blue-800 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2';
