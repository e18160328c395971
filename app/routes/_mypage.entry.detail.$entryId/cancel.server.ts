// The entry detail's cancel: §4 "Cancellable only while under_review, inadequate or reviewed"; a
// second press lands on the complete page (decision 0024).

import { redirect } from "@remix-run/node";
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { isEntryCancellable } from "~/domain/statuses";
import { formFailure } from "~/forms/form-errors.server";
import { NON_FIELD_ERRORS } from "~/forms/form-failure";
import { readForm } from "~/forms/read-form.server";
import type { RequestContext } from "~/request/context.server";
import { cancelEntry, isCancelled, loadEntry } from "~/upstream/entries.server";
import { whenRefused } from "~/upstream/errors.server";
import { CANCEL_FORM_ID, CancelMessage } from "./cancel-form";

const cancelValidator = withZod(
  z.object({
    understood: z.literal("on", { errorMap: () => ({ message: CancelMessage.notConfirmed }) }),
  }),
);

export const CANCEL_COMPLETE_PATH = "/entry/cancel/complete";

export async function cancelAction(ctx: RequestContext, request: Request, id: string): Promise<Response> {
  const formData = await readForm(request);
  const entry = await loadEntry(ctx, id);
  const refuse = (message: string) =>
    formFailure({ [NON_FIELD_ERRORS]: message }, {}, 400, { formId: CANCEL_FORM_ID });
  // A second press (without JavaScript) after the first cancelled the entry lands where the first did.
  if (isCancelled(entry)) return redirect(CANCEL_COMPLETE_PATH);
  if (!isEntryCancellable(entry.status)) return refuse(CancelMessage.notCancellable);
  const result = await cancelValidator.validate(formData);
  if (result.error) return formFailure(result.error.fieldErrors, {}, 422, { formId: CANCEL_FORM_ID });
  return whenRefused(
    async () => {
      await cancelEntry(ctx, id);
      return redirect(CANCEL_COMPLETE_PATH);
    },
    // The state changed meanwhile (the operator went on): the upstream's own words.
    (error) => refuse(error.nonFieldErrors[0] ?? CancelMessage.notCancellable),
  );
}
