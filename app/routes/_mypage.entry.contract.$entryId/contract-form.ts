// The contract page's form: its id (pure: the page and its action).

export const CONTRACT_FORM_ID = "contract-entry";

/** Where an agreed contract lands (PRG); the entry's id rides along so the page links back to it. */
export const contractCompletePath = (entryId: string | number) => `/entry/contract/complete?entry=${entryId}`;
