// Upload ids named in an entry body (a claim's contentfiles, the entry's addfiles): each must be
// one of the user's own uploads, of a kind that belongs in that place, and not already part of
// another entry. Another user's id reads as "does not exist", as DRF's related field on the user's
// queryset says it.

import { parseUploadKind } from "../../app/domain/file-kinds";
import type { Db } from "../db/database";
import { ExtraMessage } from "./fields";
import { attachmentsOf, uploadsByIds } from "./rows";

export type UploadSlot = { kind: "claim"; position: number } | { kind: "entry" };

/** Kinds that never go into addfiles: identity files belong to the profile, invoices to a claim. */
const NOT_ENTRY_FILE_BASES = new Set(["identity", "invoice", "additional_doc"]);

export const UploadRefMessage = {
  duplicate: (id: number) => `ファイル ${id} が重複して指定されています。`,
  wrongClaimKind: (id: number, kind: string, position: number) =>
    `ファイル ${id} (${kind}) は請求書${position}の書類ではありません。請求書（invoice）か追加書類（additional_doc）のファイルを指定してください。`,
  wrongEntryKind: (id: number, kind: string) =>
    `ファイル ${id} (${kind}) はお申し込みの書類として添付できません。`,
  attachedElsewhere: (id: number) => `ファイル ${id} は既に別のお申し込みに添付されています。`,
} as const;

export class UploadRefChecker {
  /** Ids already named in this body: one file belongs to one place. */
  private readonly seen = new Set<number>();
  /** The files the claims may hold, as checked so far (for the entry's §5 invoice file). */
  private readonly claimUploads: { kind: string; error: boolean }[] = [];

  constructor(
    private readonly db: Db,
    private readonly userId: number,
    /** On a resubmission, files already attached to this entry may be named again. */
    private readonly entryId: number | null = null,
  ) {}

  /** The messages for the ids of one list (empty when all are acceptable). */
  check(ids: readonly number[], slot: UploadSlot): string[] {
    const uploads = uploadsByIds(this.db, ids);
    const attachments = attachmentsOf(this.db, ids);
    const messages: string[] = [];
    for (const id of ids) {
      if (this.seen.has(id)) {
        messages.push(UploadRefMessage.duplicate(id));
        continue;
      }
      this.seen.add(id);
      const upload = uploads.get(id);
      if (!upload || upload.user_id !== this.userId) {
        messages.push(ExtraMessage.pkDoesNotExist(id));
        continue;
      }
      const kind = parseUploadKind(upload.kind);
      if (slot.kind === "claim") {
        // Any invoice-{n} / additional_doc-{n}: the number is the slot the file was uploaded into,
        // and a claim removed from the middle of a draft moves the ones after it up a position.
        const fits = kind !== null && (kind.base === "invoice" || kind.base === "additional_doc");
        if (!fits) messages.push(UploadRefMessage.wrongClaimKind(id, upload.kind, slot.position));
        else this.claimUploads.push({ kind: upload.kind, error: upload.error === 1 });
      } else if (kind === null || NOT_ENTRY_FILE_BASES.has(kind.base)) {
        messages.push(UploadRefMessage.wrongEntryKind(id, upload.kind));
      }
      const attachedTo = attachments.get(id);
      if (attachedTo !== undefined && attachedTo !== this.entryId) {
        messages.push(UploadRefMessage.attachedElsewhere(id));
      }
    }
    return messages;
  }

  /** The files named in the claims' lists that may stand there. */
  claimFiles(): readonly { kind: string; error: boolean }[] {
    return this.claimUploads;
  }
}

/** For drafts: only ownership matters (a draft may name files that are still being sorted). */
export function foreignUploadIds(db: Db, userId: number, ids: readonly number[]): number[] {
  const uploads = uploadsByIds(db, ids);
  return ids.filter((id) => uploads.get(id)?.user_id !== userId);
}
