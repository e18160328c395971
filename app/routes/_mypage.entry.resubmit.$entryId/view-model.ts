// What the resubmission page shows (decision 0011): the inadequate parts editable, the rest as they
// stand. Pure.

import type { ClaimFilesView } from "~/components/claim-fieldset";
import type { PendingFile } from "~/domain/draft-entry";
import { documentKindLabel, fileItem } from "~/domain/entry-documents";
import { parseUploadKind } from "~/domain/file-kinds";
import { formatJapaneseDate } from "~/domain/japan-date";
import {
  type ResubmissionSlot,
  claimSlots,
  documentGroupName,
  groupSlots,
  hasSomethingToResubmit,
  inadequateGroups,
  isClaimEditable,
  newFilesOf,
  resubmissionIntro,
  statementAccounts,
  uploadRequirements,
} from "~/domain/resubmission";
import { claimStatusLabel } from "~/domain/status-labels";
import {
  MAX_STATEMENTS,
  STATEMENT_UPLOAD_KINDS,
  type StatementUploadKind,
  statementField,
  statementUploadKind,
  withdrawalSummaryLabel,
} from "~/domain/withdrawal-step";
import { formatYen } from "~/domain/yen";
import type { EntryDetail } from "~/upstream/entries.server";
import { receivingAccountText } from "~/domain/account-lines";
import { claimValuesFromEntry, resubmissionLabels } from "./form";
import { entryPaths } from "~/routing/entry-paths";

const submittedItem = ({ id, name }: { id: number; name: string }) => ({ id, name });

/** Why the page offers no form, or null when it does. */
export function resubmissionRefusal(entry: Parameters<typeof hasSomethingToResubmit>[0]): string | null {
  return hasSomethingToResubmit(entry)
    ? null
    : "このお申し込みには、いま再提出していただくものはありません。書類に不備があるお申し込みのみ再提出できます。";
}

/** Each statement account's format and files, by kind: the submitted ones and the new ones. */
function statementsView(entry: EntryDetail, pending: readonly PendingFile[]) {
  const accounts = statementAccounts(entry, pending);
  const shown = accounts.length > 0 ? accounts : [{ displayId: 1, format: "passbook" as const }];
  return shown.map(({ displayId, format }) => {
    const byBase = <F extends { kind: string }, V>(files: readonly F[], item: (file: F) => V) =>
      Object.fromEntries(
        STATEMENT_UPLOAD_KINDS.map((base) => [
          base,
          files.filter((file) => file.kind === statementUploadKind(base, displayId)).map(item),
        ]),
      ) as Partial<Record<StatementUploadKind, V[]>>;
    return {
      index: displayId - 1,
      displayId,
      format,
      submitted: byBase(entry.addfiles, submittedItem),
      files: byBase(
        pending.filter((file) => file.error !== true),
        fileItem,
      ),
    };
  });
}

/** The summary's words for each account's format and uploads: 「口座2の入出金明細のアップロード」. */
function statementLabels(): Record<string, string> {
  const names = Array.from({ length: MAX_STATEMENTS }, (_, index) =>
    (["file_format", "uploads"] as const).map((field) => statementField(index, field)),
  ).flat();
  return Object.fromEntries(names.map((name) => [name, withdrawalSummaryLabel(name) ?? name]));
}

export function resubmitView(entry: EntryDetail, pending: readonly PendingFile[], individual: boolean) {
  const refusal = resubmissionRefusal(entry);
  const requirements = new Map(
    uploadRequirements(entry, individual).map((requirement) => [requirement.slot, requirement.message]),
  );
  const slotLabels: { slot: string; label: string }[] = [];

  const claims = entry.claims.map((claim, index) => {
    const number = index + 1;
    const editable = !refusal && isClaimEditable(claim);
    const common = {
      id: claim.id,
      index,
      number,
      code: claim.code,
      statusLabel: claimStatusLabel(claim, entry),
      reason: claim.inadequate_reason ?? "",
      debtor: claim.obliger_company_name ?? "",
      amount: formatYen(claim.amount),
      paymentDate: claim.obliger_payment_date ? formatJapaneseDate(claim.obliger_payment_date) : "",
      account: receivingAccountText(claim.receive_payment_account),
    };
    if (!editable) return { ...common, editable: false as const };
    const [invoiceSlot, additionalSlot] = claimSlots(number) as [ResubmissionSlot, ResubmissionSlot];
    slotLabels.push(
      { slot: invoiceSlot.slot, label: `請求書${number}の請求書` },
      { slot: additionalSlot.slot, label: `請求書${number}の追加書類（任意）` },
    );
    const submittedOf = (base: string) =>
      claim.contentfiles.filter((file) => parseUploadKind(file.kind)?.base === base).map(submittedItem);
    const files: ClaimFilesView = {
      invoices: newFilesOf(invoiceSlot.kind, pending).map(fileItem),
      additionalDocs: newFilesOf(additionalSlot.kind, pending).map(fileItem),
      misplaced: [],
      submitted: { invoices: submittedOf("invoice"), additionalDocs: submittedOf("additional_doc") },
    };
    return {
      ...common,
      editable: true as const,
      values: claimValuesFromEntry(claim),
      files,
      /** What the operator's finding needs of this claim's files, said beside them. */
      needs: [requirements.get(invoiceSlot.slot), requirements.get(additionalSlot.slot)].filter(
        (message): message is string => Boolean(message),
      ),
    };
  });

  const groups = refusal
    ? []
    : inadequateGroups(entry).map((group) => ({
        group,
        title: documentGroupName(group, individual),
        need: requirements.get(groupSlots(entry, group, individual)[0]!.slot) ?? null,
        // Statements are shown by account (statementsView); financial documents slot by slot.
        slots:
          group === "withdrawals_detail"
            ? []
            : groupSlots(entry, group, individual).map(({ slot, kind }) => {
                const label = documentKindLabel(kind);
                slotLabels.push({ slot, label });
                return {
                  slot,
                  kind,
                  label,
                  submitted: entry.addfiles.filter((file) => file.kind === kind).map(submittedItem),
                  files: newFilesOf(kind, pending).map(fileItem),
                };
              }),
      }));

  const statements =
    !refusal && inadequateGroups(entry).includes("withdrawals_detail") ? statementsView(entry, pending) : [];
  for (const kind of groupSlots(entry, "withdrawals_detail", individual).map((slot) => slot.kind)) {
    if (!refusal) slotLabels.push({ slot: kind, label: documentKindLabel(kind) });
  }

  const editableIndexes = claims.filter((claim) => claim.editable).map((claim) => claim.index);
  return {
    id: entry.id,
    code: entry.code,
    detailPath: entryPaths.detail(entry.id),
    refusal,
    /** What the operator asked for and what the page lets the owner do about it. */
    intro: refusal ? null : resubmissionIntro(entry, individual),
    /** The operator's words for what is inadequate, as given. */
    reason: entry.description_of_inadequate_document ?? "",
    claims,
    groups,
    /** The statement accounts as they start: at least one, in the format their files say. */
    statements,
    labels: { ...resubmissionLabels(editableIndexes, slotLabels), ...statementLabels() },
  };
}

export type ResubmitView = ReturnType<typeof resubmitView>;
