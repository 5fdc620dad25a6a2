// What the JWT and key contexts' findings share: their severities, a list alone, which the API's schemas name.

export const SEVERITIES = ['critical', 'warning', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];
