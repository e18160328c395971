// An entry's own pages, as the detail, the contract and the agreement link to them.

/** The entry's own paths the pages link to: the agreement, the contract, the calendar file. */
export const entryPaths = {
  agreement: (id: number) => `/entry/${id}/factoring_service_agreement`,
  contract: (id: number) => `/entry/contract/${id}`,
  calendar: (id: number) => `/entry/detail/${id}/return.ics`,
  resubmit: (id: number) => `/entry/resubmit/${id}`,
};
