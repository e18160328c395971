// An entry's own pages, as the detail, the contract and the agreement link to them.

const detail = (id: number | string) => `/entry/detail/${id}`;

/** The entry's own paths the pages link to: the detail, the agreement, the contract, the calendar file. */
export const entryPaths = {
  detail,
  agreement: (id: number) => `/entry/${id}/factoring_service_agreement`,
  contract: (id: number) => `/entry/contract/${id}`,
  calendar: (id: number) => `${detail(id)}/return.ics`,
  resubmit: (id: number) => `/entry/resubmit/${id}`,
  /** A late or nearly due claim's amount and the account to send it to, on the detail page (請求書1…). */
  claimReturn: (id: number, claimNumber: number) => `${detail(id)}#${returnAnchor(claimNumber)}`,
};

/** The detail page's element holding a late or nearly due claim's return (its amount; the account follows). */
export function returnAnchor(claimNumber: number): string {
  return `return-${claimNumber}`;
}
