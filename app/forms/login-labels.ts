// The login form's labels, from its table (validated on the server: login-schema.server.ts).

import { LOGIN_FIELDS } from "~/domain/account-fields";
import { labelsOf } from "~/domain/form-fields";

export const LOGIN_FIELD_LABELS: Record<string, string> = labelsOf(LOGIN_FIELDS);

/** §6: the account belongs to another of the brands; the form links to that brand's site. */
export interface WrongServiceNotice {
  url: string;
  serviceName: string;
}
