// §2 /entry/entry_invoice (invoice step, step name submitInvoices; entry layout with
// authenticated-redirect, entry-step and system-settings): the desired purchase amount, the purpose and
// one to five claims with their files. Every POST of the step's form saves the draft first (wizard
// rule), then adds or removes a claim or a holder name, searches corporate numbers, or moves on to the
// financial step when §5 "Invoice step satisfied" holds; otherwise the page comes back (422) with the
// §5 messages at their fields, and nothing typed is lost.
//
// Layout: the claims' inputs sit outside the <form> element and belong to it through their form
// attribute, so each claim's upload slots (their own forms) can stand inside the claim.

import {
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  json,
  redirect,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ClaimFieldset, type ClaimFilesView } from "~/components/claim-fieldset";
import { TextAreaField, TextField } from "~/components/form/fields";
import { ErrorSummary, FormScope, NON_FIELD_ERRORS } from "~/components/form/scope";
import { SubmitButton } from "~/components/form/submit-button";
import { DeleteFailure } from "~/components/uploaded-files";
import { useUnsavedChanges } from "~/components/use-unsaved-changes";
import { useHydrated } from "~/components/use-hydrated";
import { formatHolderName } from "~/domain/bank-account";
import type { DraftEntry, PendingFile } from "~/domain/draft-entry";
import { MAX_CLAIMS_PER_ENTRY } from "~/domain/enumerations";
import { WizardIntent } from "~/domain/wizard-intents";
import { claimUploadSlot, parseUploadKind } from "~/domain/file-kinds";
import {
  PURPOSE_MAX_LENGTH,
  claimFiles,
  invoiceDraftProblems,
  invoiceStepProblems,
} from "~/domain/invoice-step";
import { formatJapaneseDate } from "~/domain/japan-date";
import { ErrorMessage, ValidationMessage } from "~/domain/messages";
import { pageTitle } from "~/routing/meta";
import styles from "~/styles/invoice-step.css";
import { withRequestContext } from "~/request/context.server";
import { loadDraft, loadPendingFiles, saveDraft } from "~/upstream/draft.server";
import { MIN_SUGGESTION_QUERY, suggestCorporations } from "~/upstream/houjinbangou.server";
import { deleteUploadsQuietly } from "~/upstream/uploads.server";
import { UpstreamValidationError, firstMessages } from "~/upstream/errors.server";
import { formFailure } from "~/forms/form-errors.server";
import { deleteFailure, handleDeleteIntent, handleMultipartPost } from "~/forms/upload-actions.server";
import {
  INVOICE_FORM_ID,
  INVOICE_STEP_PATH,
  MAX_HOLDER_NAMES,
  draftFromFormValues,
  emptyClaimValues,
  formRevision,
  formValuesFromDraft,
  formValuesFromSubmission,
  hasInvalidDepositType,
  invoiceFieldLabels,
  parseIntent,
  parseSuggestionChoice,
  suggestionChoiceName,
} from "./schema";
import { relateUploadedFile, requireInvoiceStep, unrelateFile } from "./step.server";
import { readForm, isMultipartRequest } from "~/forms/read-form.server";

export const meta: MetaFunction = ({ matches }) => [pageTitle(matches, "請求書の情報")];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: styles }];

/** The financial step (§2 /entry) comes after this one. */
const NEXT_STEP_PATH = "/entry";
const SEARCH_PARAM = "houjinbangou_for";

function fileItem(file: PendingFile) {
  return {
    id: file.id,
    name: file.name,
    uploadedAt: formatJapaneseDate(file.created_at),
    error: file.error === true,
  };
}

function claimFilesView(draft: DraftEntry, files: readonly PendingFile[], count: number): ClaimFilesView[] {
  return Array.from({ length: count }, (_, index) => {
    const grouped = claimFiles(draft.claims[index] ?? { contentfile_relations: [] }, index, files);
    return {
      invoices: grouped.invoices.map(fileItem),
      additionalDocs: grouped.additionalDocs.map(fileItem),
      misplaced: grouped.misplaced.map(fileItem),
    };
  });
}

export function loader(args: LoaderFunctionArgs) {
  return withRequestContext(args, async (ctx) => {
    const { draft, files } = await requireInvoiceStep(ctx);
    const values = formValuesFromDraft(draft);
    // Without JavaScript, 「法人番号を検索」 comes back here with the claim to search for (PRG).
    let suggestions = null;
    const searched = Number(ctx.url.searchParams.get(SEARCH_PARAM));
    if (Number.isInteger(searched) && searched >= 1 && searched <= values.claims.length) {
      const query = values.claims[searched - 1]!.obliger_company_name.trim();
      const results = await suggestCorporations(ctx, query);
      suggestions = {
        index: searched - 1,
        query,
        results,
        message:
          [...query].length < MIN_SUGGESTION_QUERY
            ? `会社名を${MIN_SUGGESTION_QUERY}文字以上入力してから検索してください。`
            : results.length === 0
              ? "該当する法人が見つかりませんでした。法人番号と所在地を直接入力してください。"
              : null,
      };
    }

    return json({
      revision: formRevision(values),
      claimCount: values.claims.length,
      values,
      labels: invoiceFieldLabels(values),
      claimFiles: claimFilesView(draft, files, values.claims.length),
      suggestions,
      saved: ctx.url.searchParams.get("saved") === "1",
    });
  });
}

export function action(args: ActionFunctionArgs) {
  return withRequestContext(args, async (ctx) => {
    let { draft, files } = await requireInvoiceStep(ctx);

    // Multipart: an upload slot's own form (JavaScript on), or, without JavaScript, the step's form
    // with the files chosen in its slots (decision 0007): what was typed is saved first, then each
    // file goes to its claim's slot (§3 invoice-{n} / additional_doc-{n}).
    let formData: FormData;
    if (isMultipartRequest(args.request)) {
      const outcome = await handleMultipartPost(ctx, args.request, {
        saveTyped: async (typed) => {
          const { values, relations } = readTypedValues(typed, await loadDraft(ctx));
          try {
            await saveDraft(ctx, draftFromFormValues(values, relations));
            return null;
          } catch (error) {
            if (!(error instanceof UpstreamValidationError)) throw error;
            return draftSaveFailure(error, {}, typed);
          }
        },
        accepts: async (kind) => {
          const parsed = parseUploadKind(kind);
          const claims = (await loadDraft(ctx)).claims.length;
          return (
            parsed !== null &&
            (parsed.base === "invoice" || parsed.base === "additional_doc") &&
            parsed.displayId !== null &&
            parsed.displayId <= Math.max(1, Math.min(claims, MAX_CLAIMS_PER_ENTRY))
          );
        },
        afterUpload: (file) => relateUploadedFile(ctx, parseUploadKind(file.kind)!.displayId!, file.id),
        slotOf: (kind, side) => {
          const parsed = parseUploadKind(kind);
          const base = parsed?.base === "invoice" || parsed?.base === "additional_doc" ? parsed.base : null;
          return base && parsed?.displayId && !side ? claimUploadSlot(base, parsed.displayId) : null;
        },
        redirectTo: (fields) => `${INVOICE_STEP_PATH}#upload-${fields.slot}`,
      });
      if ("response" in outcome) return outcome.response;
      formData = outcome.formData;
      if (outcome.uploaded > 0) [draft, files] = [await loadDraft(ctx), await loadPendingFiles(ctx)];
    } else {
      formData = await readForm(args.request);
    }

    if (formData.get("intent") === "delete") {
      const id = Number(formData.get("file_id"));
      if (!draft.claims.some((claim) => claim.contentfile_relations.includes(id))) {
        return deleteFailure();
      }
      return handleDeleteIntent(ctx, formData, {
        redirectTo: INVOICE_STEP_PATH,
        afterDelete: (deleted) => unrelateFile(ctx, deleted),
      });
    }

    const intent = parseIntent(formData.get("intent")) ?? { kind: "save_draft" as const };
    const { values, relations, problems } = readTypedValues(formData, draft);

    // The buttons that change the shape of the form, applied to what was typed.
    let removedFiles: number[] = [];
    if (intent.kind === "add_claim") {
      if (values.claims.length >= MAX_CLAIMS_PER_ENTRY) {
        // §5 "Maximum 5 invoices per entry; a sixth gives 申し込みに登録できる請求書は5個までです。"
        problems[NON_FIELD_ERRORS] = ValidationMessage.tooManyClaims;
      } else {
        values.claims.push(emptyClaimValues());
        relations.push([]);
      }
    } else if (
      intent.kind === "remove_claim" &&
      values.claims.length > 1 &&
      intent.index < values.claims.length
    ) {
      values.claims.splice(intent.index, 1);
      removedFiles = relations.splice(intent.index, 1)[0] ?? [];
    } else if (intent.kind === "add_holder" && values.claims[intent.index]) {
      const holders = values.claims[intent.index]!.receive_payment_account.obliger_accounts;
      if (holders.length >= MAX_HOLDER_NAMES) {
        problems[NON_FIELD_ERRORS] = `振込名義は${MAX_HOLDER_NAMES}件まで登録できます。`;
      } else {
        holders.push({ holder_name: "" });
      }
    } else if (intent.kind === "remove_holder" && values.claims[intent.index]) {
      const holders = values.claims[intent.index]!.receive_payment_account.obliger_accounts;
      holders.splice(intent.holder, 1);
      if (holders.length === 0) holders.push({ holder_name: "" });
    }

    // The wizard rule: save first.
    const patch = draftFromFormValues(values, relations);
    // The new blank holder input must survive this save (blanks are otherwise unused inputs).
    const account = intent.kind === "add_holder" ? patch.claims[intent.index]?.receive_payment_account : null;
    if (account && intent.kind === "add_holder") {
      account.obliger_accounts = values.claims[intent.index]!.receive_payment_account.obliger_accounts.map(
        (holder) => ({ holder_name: formatHolderName(holder.holder_name) }),
      );
    }
    let saved: DraftEntry;
    try {
      saved = await saveDraft(ctx, patch);
    } catch (error) {
      if (!(error instanceof UpstreamValidationError)) throw error;
      return draftSaveFailure(error, problems, formData);
    }
    await deleteUploadsQuietly(ctx, removedFiles);
    const savedValues = formValuesFromDraft(saved);
    if (Object.keys(problems).length > 0) return failure(problems, formData, 400);

    switch (intent.kind) {
      case "next": {
        const stepProblems = invoiceStepProblems(saved, files);
        if (Object.keys(stepProblems).length > 0) return failure(stepProblems, formData, 422);
        return redirect(NEXT_STEP_PATH);
      }
      case "save_draft": {
        // Saved as typed; what is wrong in it is said at its field, never 「保存しました」 (issue 15).
        const wrong = invoiceDraftProblems(saved);
        if (Object.keys(wrong).length > 0) {
          return failure({ ...wrong, [NON_FIELD_ERRORS]: ErrorMessage.draftSaveError }, formData, 422);
        }
        return redirect(`${INVOICE_STEP_PATH}?saved=1`);
      }
      case "add_claim":
        return redirect(`${INVOICE_STEP_PATH}#claim-${savedValues.claims.length}`);
      case "remove_claim":
        return redirect(`${INVOICE_STEP_PATH}#claims`);
      case "add_holder":
      case "remove_holder":
        return redirect(`${INVOICE_STEP_PATH}#claim-${intent.index + 1}-holders`);
      case "search_houjinbangou":
        return redirect(
          `${INVOICE_STEP_PATH}?${SEARCH_PARAM}=${intent.index + 1}#claim-${intent.index + 1}-suggestions`,
        );
      case "select_houjinbangou":
        // Pressed without choosing: the suggestions stay on screen.
        return parseSuggestionChoice(formData.get(suggestionChoiceName(intent.index)))
          ? redirect(`${INVOICE_STEP_PATH}#claim-${intent.index + 1}`)
          : redirect(
              `${INVOICE_STEP_PATH}?${SEARCH_PARAM}=${intent.index + 1}#claim-${intent.index + 1}-suggestions`,
            );
    }
  });
}

/**
 * The step's values as posted, with the claims' files taken from the stored draft (the form never
 * carries upload ids), a chosen corporate-number suggestion applied, and the problems seen in them.
 */
function readTypedValues(formData: FormData, draft: DraftEntry) {
  const values = formValuesFromSubmission(formData.entries());
  const relations = values.claims.map((_, index) => draft.claims[index]?.contentfile_relations ?? []);
  const problems: Record<string, string> = {};

  // 「この法人を選択」 (no JavaScript): the chosen suggestion fills the claim on any save.
  values.claims.forEach((claim, index) => {
    const choice = parseSuggestionChoice(formData.get(suggestionChoiceName(index)));
    if (!choice) return;
    claim.obliger_company_name = choice.name;
    claim.houjinbangou = choice.houjinbangou;
    claim.houjinbangou_address = choice.address;
  });
  values.claims.forEach((_, index) => {
    if (hasInvalidDepositType(values, index)) {
      problems[`claims[${index}].receive_payment_account.deposit_type`] = ValidationMessage.claimDepositType;
    }
  });
  return { values, relations, problems };
}

/** §8 "Draft save error": the values come back as typed, nothing was saved. */
function draftSaveFailure(
  error: UpstreamValidationError,
  problems: Record<string, string>,
  submitted: FormData,
) {
  const first = error.nonFieldErrors[0] ?? (firstMessages(error.fieldErrors).claims || null);
  return failure({ ...problems, [NON_FIELD_ERRORS]: first ?? ErrorMessage.draftSaveError }, submitted, 400);
}

/** The step's errors with what was sent, to show again (the draft holds it too, unless unsaved). */
function failure(fieldErrors: Record<string, string>, submitted: FormData, status: number) {
  return formFailure(fieldErrors, submitted, status, { formId: INVOICE_FORM_ID });
}

function SavedNotice() {
  return (
    <p className="notice" role="status">
      下書きを保存しました。続きはいつでもこの画面から入力できます。
    </p>
  );
}

export default function InvoiceStepPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // The inputs start from the saved draft; what was typed when it could not be saved comes back
  // through the form scope (the failure's values beat a field's default).
  const values = data.values;
  useUnsavedChanges(INVOICE_FORM_ID, data.revision);
  const hydrated = useHydrated();
  const atLimit = data.claimCount >= MAX_CLAIMS_PER_ENTRY;
  return (
    <FormScope id={INVOICE_FORM_ID} failure={actionData}>
      <div className="invoice-step">
        <h1>請求書の情報</h1>
        <p>
          買い取りをご希望の請求書（売掛金）について入力し、請求書のファイルをアップロードしてください。入力内容は「下書き保存」または「次へ」を押すと保存され、あとから続きを入力できます。
        </p>
        {data.saved ? <SavedNotice /> : null}
        {/* Remounted whenever the page shows newly saved values, so the inputs start from them. */}
        <Form
          key={data.revision}
          id={INVOICE_FORM_ID}
          method="post"
          action={INVOICE_STEP_PATH}
          // Without JavaScript the form carries the files chosen in the slots (decision 0007).
          encType={hydrated ? undefined : "multipart/form-data"}
          noValidate
          className="form"
        >
          {/* Enter in a field presses this first button: 「次へ」, not a search or a delete further down. */}
          <SubmitButton form={INVOICE_FORM_ID} intent={WizardIntent.next} hidden>
            次へ
          </SubmitButton>
          <ErrorSummary labels={data.labels} />
          <DeleteFailure />
          <TextField
            name="purchase_amount_desired"
            label="希望買取額（円）"
            required
            inputMode="numeric"
            maxLength={20}
            defaultValue={values.purchase_amount_desired}
            hint="買い取りを希望する金額を、円単位の数字で入力してください（例：1,000,000）。全角数字やカンマ付きでもかまいません。"
          />
          <TextAreaField
            name="purpose"
            label="資金使途"
            required
            maxLength={PURPOSE_MAX_LENGTH}
            defaultValue={values.purpose}
            hint={`お受け取りになる資金を何に使うご予定か、${PURPOSE_MAX_LENGTH}文字以内で入力してください（例：仕入れ代金の支払い）。`}
          />
        </Form>

        <section id="claims" aria-labelledby="claims-title" className="claims">
          <h2 id="claims-title">請求書（{data.claimCount}件）</h2>
          <p className="field-hint">請求書は1件から{MAX_CLAIMS_PER_ENTRY}件まで登録できます。</p>
          {Array.from({ length: data.claimCount }, (_, index) => (
            <ClaimFieldset
              key={`${data.revision}-${index}`}
              formId={INVOICE_FORM_ID}
              index={index}
              claimCount={data.claimCount}
              values={values.claims[index] ?? emptyClaimValues()}
              files={data.claimFiles[index]!}
              suggestions={data.suggestions?.index === index ? data.suggestions : null}
            />
          ))}
          <div className="claim-add">
            <SubmitButton
              form={INVOICE_FORM_ID}
              intent="add_claim"
              variant="secondary"
              pendingText="追加しています…"
            >
              請求書を追加する
            </SubmitButton>
            <p className="field-hint">
              {atLimit
                ? `${ValidationMessage.tooManyClaims}`
                : `あと${MAX_CLAIMS_PER_ENTRY - data.claimCount}件追加できます。入力済みの内容は保存されます。`}
            </p>
          </div>
        </section>

        <div className="step-actions button-row">
          <SubmitButton
            form={INVOICE_FORM_ID}
            intent={WizardIntent.saveDraft}
            variant="secondary"
            pendingText="保存しています…"
          >
            下書き保存
          </SubmitButton>
          <SubmitButton form={INVOICE_FORM_ID} intent={WizardIntent.next} pendingText="保存しています…">
            次へ（決算書類）
          </SubmitButton>
        </div>
      </div>
    </FormScope>
  );
}
