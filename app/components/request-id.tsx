// The id of the request a page answered, for the error screen's 「お問い合わせ番号」: given by the server
// render, and read back from the page it wrote when the browser takes the page over (hydration).

import { createContext, useContext } from "react";

const RequestIdContext = createContext<string>("");

export const RequestIdProvider = RequestIdContext.Provider;

export function useRequestId(): string {
  return useContext(RequestIdContext);
}

/** The attribute the error screen writes the id in, and the browser reads it back from. */
export const REQUEST_ID_ATTRIBUTE = "data-request-id";

export function requestIdInDocument(): string {
  return document.querySelector(`[${REQUEST_ID_ATTRIBUTE}]`)?.textContent ?? "";
}
