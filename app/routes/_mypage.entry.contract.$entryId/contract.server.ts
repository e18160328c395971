// POST /entry/contract/:entryId: only an entry the contract rule allows today, consent ticked, then §7
// POST /api/entries/{id}/contract/; a second press lands on the complete page (decision 0024).

import { redirect } from "@remix-run/node";
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { formFailure } from "~/forms/form-errors.server";
import { NON_FIELD_ERRORS } from "~/forms/form-failure";
import { readForm } from "~/forms/read-form.server";
import type { RequestContext } from "~/request/context.server";
import { contractEntry, isContracted, loadEntry } from "~/upstream/entries.server";
import { whenRefused } from "~/upstream/errors.server";
import type { CurrentUser } from "~/domain/user";
import { japanDate } from "~/domain/japan-date";
import { returnDateCalendar } from "~/lookup/japan-holidays.server";
import { CONTRACT_FORM_ID, contractCompletePath } from "./contract-form";
import { ContractMessage, contractRefusal } from "~/legal/contract-view.server";

const contractValidator = withZod(
  z.object({
    agreed: z.literal("on", { errorMap: () => ({ message: ContractMessage.agreementRequired }) }),
  }),
);

export async function contractAction(
  ctx: RequestContext,
  request: Request,
  id: string,
  user: CurrentUser,
): Promise<Response> {
  const formData = await readForm(request);
  const entry = await loadEntry(ctx, id);
  const today = japanDate(ctx.now);
  const refuse = (message: string) =>
    formFailure({ [NON_FIELD_ERRORS]: message }, {}, 400, { formId: CONTRACT_FORM_ID });
  // A second press (without JavaScript) after the first made the contract lands where the first did.
  if (isContracted(entry)) return redirect(contractCompletePath(id));
  const calendar = returnDateCalendar(entry.claims, today);
  const refusal = contractRefusal(entry, user, today, calendar);
  if (refusal) return refuse(refusal.message);
  const result = await contractValidator.validate(formData);
  if (result.error) return formFailure(result.error.fieldErrors, {}, 422, { formId: CONTRACT_FORM_ID });
  return whenRefused(
    async () => {
      await contractEntry(ctx, id);
      return redirect(contractCompletePath(id));
    },
    (error) => {
      const agreed = error.fieldErrors.agreed;
      const message = error.nonFieldErrors[0] ?? (Array.isArray(agreed) ? String(agreed[0]) : undefined);
      return refuse(message ?? ContractMessage.notContractable);
    },
  );
}
