// Forms are validated by their action, on the server, with zod: zod stays out of the JavaScript the
// browser downloads (issue 5: a wizard page within 110 KB gzip; zod alone is ~13 KB of it). In the
// browser a form uses this pass-through validator, submits, and shows the errors the action answers
// (422 with the values and a message per field), exactly as without JavaScript.

import { type GenericObject, type Validator, createValidator } from "remix-validated-form";

export const validatedOnServer: Validator<GenericObject> = createValidator({
  validate: async (values) => ({ data: values, error: undefined }),
  // A field's server error clears when the person edits it; the next submit checks again.
  validateField: async () => ({}),
});
