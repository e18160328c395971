// POST /entry/resubmit/:entryId (decision 0011): a wizard step's order (decision 0010) on the entry
// instead of a draft, ending in §7 POST /api/entries/{id}/review/ and the detail (PRG).

import { redirectDocument } from "@remix-run/node";
import { WizardIntent } from "~/domain/wizard-intents";
import { uploadFieldName } from "~/domain/file-kinds";
import {
  type ResubmissionSlot,
  claimSlots,
  groupSlots,
  inadequateGroups,
  isClaimEditable,
  missingUploads,
  readResubmissionChoices,
  resubmittedFiles,
  statementAccountProblems,
  uploadRequirements,
} from "~/domain/resubmission";
import { formFailure, serverFailure } from "~/forms/form-errors.server";
import { NON_FIELD_ERRORS } from "~/forms/form-failure";
import {
  isMultipartRequest,
  isStreamedUpload,
  isUploadPost,
  readForm,
  readMultipartForm,
} from "~/forms/read-form.server";
import {
  deleteFailure,
  handleDeleteIntent,
  handleUploadPost,
  uploadFailure,
} from "~/forms/upload-actions.server";
import type { RequestContext } from "~/request/context.server";
import { limitLookup, refusalHeaders } from "~/request/lookup-limit.server";
import { loadPendingFiles } from "~/upstream/draft.server";
import {
  type EntryDetail,
  type ResubmissionBody,
  findResubmission,
  loadEntry,
  resubmitEntry,
} from "~/upstream/entries.server";
import { IDEMPOTENCY_KEY_FIELD, postedReviewKey } from "~/domain/entry-body";
import { type UpstreamValidationError, firstMessages, whenRefused } from "~/upstream/errors.server";
import { MIN_SUGGESTION_QUERY, suggestCorporations } from "~/upstream/houjinbangou.server";
import { parseIntent, parseSuggestionChoice, suggestionChoiceName } from "~/components/invoice-form";
import { suggestionsView } from "~/components/corporation-suggestions";
import { MAX_STATEMENTS } from "~/domain/withdrawal-step";
import {
  ADD_STATEMENT_INTENT,
  RESUBMIT_FORM_ID,
  RESUBMIT_INTENT,
  STATEMENT_COUNT_FIELD,
  claimFieldNames,
  editableIndexes,
  readResubmission,
  resubmitPath,
  resubmittedPath,
  reviewClaimFields,
} from "./form";
import { resubmissionRefusal } from "./view-model";

/** Every slot the page shows: each editable claim's two, and each inadequate group's. */
function slotsOf(entry: EntryDetail, individual: boolean): ResubmissionSlot[] {
  return [
    ...entry.claims.flatMap((claim, index) => (isClaimEditable(claim) ? claimSlots(index + 1) : [])),
    ...inadequateGroups(entry).flatMap((group) => groupSlots(entry, group, individual)),
  ];
}

const failure = (errors: Record<string, string>, sent: FormData | Record<string, string>, status: number) =>
  formFailure(errors, sent, status, { formId: RESUBMIT_FORM_ID });

/** §8 "400 with body … merged into the step's field errors": per claim, in the body's claim order. */
function upstreamErrors(
  error: UpstreamValidationError,
  sentIndexes: readonly number[],
): Record<string, string> {
  const errors: Record<string, string> = {};
  const top = [...error.nonFieldErrors];
  const { claims, ...rest } = error.fieldErrors;
  if (Array.isArray(claims)) {
    claims.forEach((claimErrors, position) => {
      const index = sentIndexes[position];
      if (index === undefined || typeof claimErrors !== "object" || claimErrors === null) return;
      const shown = claimFieldNames(index);
      for (const [field, message] of Object.entries(firstMessages(claimErrors as Record<string, unknown>))) {
        const name = `claims[${index}].${field}`;
        if (shown.includes(name)) errors[name] = message;
        else if (field === "contentfiles") errors[uploadFieldName(claimSlots(index + 1)[0]!.slot)] = message;
        else top.push(message);
      }
    });
  } else if (claims !== undefined) {
    top.push(...Object.values(firstMessages({ claims })));
  }
  top.push(...Object.values(firstMessages(rest)));
  if (top.length > 0) errors[NON_FIELD_ERRORS] = top[0]!;
  return errors;
}

/** The key a press of 再提出する carried, its files left unread; null for any other post. */
async function pressedReviewKey(request: Request, id: string): Promise<string | null> {
  if (isStreamedUpload(request)) return null;
  let formData: FormData;
  if (isMultipartRequest(request)) {
    const form = await readMultipartForm(request, { isFileField: () => false });
    await form.cleanup();
    formData = form.formData;
  } else {
    formData = await readForm(request);
  }
  if (formData.get("intent") !== RESUBMIT_INTENT) return null;
  return postedReviewKey(formData.get(IDEMPOTENCY_KEY_FIELD), id);
}

export async function resubmitAction(
  ctx: RequestContext,
  request: Request,
  id: string,
  individual: boolean,
  /** Told what was typed once read, so an ended session keeps it (decision 0027). */
  keep: (typed: FormData) => void = () => undefined,
): Promise<Response> {
  const entry = await loadEntry(ctx, id);
  const refusal = resubmissionRefusal(entry);
  if (refusal) {
    // A second press of the page, the first already answered: it lands where the first did (decision 0024).
    const key = await pressedReviewKey(request, id);
    if (key !== null && (await findResubmission(ctx, id, key))) return redirectDocument(resubmittedPath(id));
    // Not inadequate (a forged post, or an old page posted again): nothing is sent.
    return failure({ [NON_FIELD_ERRORS]: refusal }, {}, 400);
  }
  const slots = slotsOf(entry, individual);
  const slotOfKind = (kind: string) => slots.find((slot) => slot.kind === kind) ?? null;

  let formData: FormData;
  if (isUploadPost(request)) {
    const outcome = await handleUploadPost(ctx, request, {
      accepts: (kind, side) => side === undefined && slotOfKind(kind) !== null,
      slotOf: (kind, side) => (side ? null : (slotOfKind(kind)?.slot ?? null)),
      // Without JavaScript the page's form came with the file: what was typed comes back with it.
      keepTyped: (typed, refused) =>
        refused ? uploadFailure(refused.slot, refused, typed, RESUBMIT_FORM_ID) : failure({}, typed, 200),
      redirectTo: (fields) =>
        `${resubmitPath(id)}#${encodeURIComponent(`field-${uploadFieldName(fields.slot)}`)}`,
    });
    if ("response" in outcome) return outcome.response;
    formData = outcome.formData;
  } else {
    formData = await readForm(request);
  }
  keep(formData);

  const intent = String(formData.get("intent") ?? "");
  if (intent === WizardIntent.delete) {
    // Only a new file of a slot this page shows: what was submitted is replaced, never deleted here.
    const fileId = Number(formData.get("file_id"));
    const pending = await loadPendingFiles(ctx);
    if (!pending.some((file) => file.id === fileId && slotOfKind(file.kind))) return deleteFailure();
    return handleDeleteIntent(ctx, formData, { redirectTo: `${resubmitPath(id)}#documents` });
  }

  const { typed, problems } = readResubmission(formData, entry, ctx.now);

  // Without JavaScript, 「法人番号を検索」 and 「この法人を選択」 come back with everything typed.
  const search = parseIntent(intent);
  if (search?.kind === "search_houjinbangou" && typed.has(search.index)) {
    const query = typed.get(search.index)!.obliger_company_name.trim();
    // Past the look-up limits (decision 0023): the refusal at the company name, everything kept.
    const refused = await limitLookup(ctx);
    if (refused) {
      return formFailure(
        { [`claims[${search.index}].obliger_company_name`]: refused.message },
        formData,
        429,
        {
          formId: RESUBMIT_FORM_ID,
          headers: refusalHeaders(refused),
        },
      );
    }
    const results = await suggestCorporations(ctx, query);
    return formFailure({}, formData, 200, {
      formId: RESUBMIT_FORM_ID,
      extra: {
        suggestions: suggestionsView({ index: search.index, query, results, minQuery: MIN_SUGGESTION_QUERY }),
      },
    });
  }
  if (search?.kind === "select_houjinbangou" && typed.has(search.index)) {
    const values = Object.fromEntries(
      [...formData].filter((pair): pair is [string, string] => typeof pair[1] === "string"),
    );
    const choice = parseSuggestionChoice(formData.get(suggestionChoiceName(search.index)));
    if (choice) {
      const at = (field: string) => `claims[${search.index}].${field}`;
      values[at("obliger_company_name")] = choice.name;
      values[at("houjinbangou")] = choice.houjinbangou;
      values[at("houjinbangou_address")] = choice.address;
    }
    return failure({}, values, 200);
  }
  if (intent === ADD_STATEMENT_INTENT) {
    const values = Object.fromEntries(
      [...formData].filter((pair): pair is [string, string] => typeof pair[1] === "string"),
    );
    const shown = Math.max(1, Math.min(MAX_STATEMENTS, Number(values[STATEMENT_COUNT_FIELD]) || 1));
    values[STATEMENT_COUNT_FIELD] = String(Math.min(MAX_STATEMENTS, shown + 1));
    return failure({}, values, 200);
  }
  if (intent !== RESUBMIT_INTENT) return failure({}, formData, 200);

  const pending = await loadPendingFiles(ctx);
  const choices = readResubmissionChoices(formData);
  const missing = missingUploads(uploadRequirements(entry, individual), pending);
  for (const [slot, message] of missing) problems[uploadFieldName(slot)] = message;
  Object.assign(problems, statementAccountProblems(entry, pending, individual, choices));
  if (Object.keys(problems).length > 0) return failure(problems, formData, 422);

  const files = resubmittedFiles(entry, pending, individual, choices);
  const indexes = editableIndexes(entry);
  const body: ResubmissionBody = {
    claims: files.claims.map((claim, position) => ({
      ...reviewClaimFields(typed.get(indexes[position]!)!),
      ...claim,
    })),
    ...(files.addfiles ? { addfiles: files.addfiles } : {}),
  };
  const key = postedReviewKey(formData.get(IDEMPOTENCY_KEY_FIELD), id);
  if (key !== null) body.idempotency_key = key;
  let refused: Response | null;
  try {
    refused = await whenRefused(
      async () => {
        await resubmitEntry(ctx, id, body);
        return null;
      },
      (error) => failure(upstreamErrors(error, indexes), formData, 400),
    );
  } catch (error) {
    // The upstream failed on its side (5xx, no answer in time): said above the form as typed.
    const failed = serverFailure(error, formData, RESUBMIT_FORM_ID);
    if (failed) return failed;
    throw error;
  }
  if (refused) return refused;
  // The detail has no scripts (decision 0015): a document load shows it without fetching its modules.
  return redirectDocument(resubmittedPath(id));
}
