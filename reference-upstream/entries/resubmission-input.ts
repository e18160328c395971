// POST /api/entries/{id}/review/ (a resubmission after inadequate): its body parsed and held to the
// §5 rules, in DRF-shaped errors; upload ids checked by an UploadRefChecker.

import { MAX_CLAIMS_PER_ENTRY } from "../../app/domain/enumerations";
import { PURPOSE_MAX_LENGTH } from "../../app/domain/invoice-step";
import { ValidationMessage } from "../../app/domain/messages";
import { MAX_YEN } from "../../app/domain/money";
import { DrfMessage } from "../http/errors";
import {
  CLAIM_REQUIRED,
  type ClaimFields,
  type Validated,
  notAnObjectBody,
  parseUploadIdList,
  readClaimFields,
  tooManyClaims,
} from "./entry-input";
import {
  ErrorCollector,
  ExtraMessage,
  isPlainObject,
  itemErrors,
  parseInteger,
  parseText,
  parseWholeDecimal,
  pythonTypeName,
} from "./fields";
import type { ClaimRow } from "./rows";
import type { UploadRefChecker } from "./upload-refs";

export interface ResubmitClaimInput {
  id: number;
  /** Only the fields the body gave. */
  fields: Partial<ClaimFields>;
  /** The claim's files as they should now be; undefined leaves them as they are. */
  contentfiles?: number[];
}

export interface ResubmitInput {
  purchase_amount_desired?: string;
  purpose?: string;
  claims: ResubmitClaimInput[];
  addfiles?: number[];
}

/**
 * POST /api/entries/{id}/review/: a resubmission after inadequate. §5 "Resubmit skips bank checks":
 * the receive-payment accounts and the bank account are not read (nor changed). Claims are named by
 * id; the fields of claims that are not inadequate are read-only and ignored, so a client may post
 * back the whole entry it read.
 */
export function validateResubmission(
  body: unknown,
  claimsById: Map<number, ClaimRow>,
  isEditable: (claim: ClaimRow) => boolean,
  uploads: UploadRefChecker,
): Validated<ResubmitInput> {
  if (!isPlainObject(body)) return notAnObjectBody(body);
  const errors = new ErrorCollector();
  const input: ResubmitInput = { claims: [] };

  if (body.purchase_amount_desired !== undefined) {
    input.purchase_amount_desired = errors.read(
      body,
      "purchase_amount_desired",
      (value) => parseWholeDecimal(value, { minExclusive: 0, max: MAX_YEN }),
      CLAIM_REQUIRED,
    );
  }
  if (body.purpose !== undefined) {
    input.purpose = errors.read(body, "purpose", (value) => parseText(value, PURPOSE_MAX_LENGTH), {
      required: ValidationMessage.purposeRequired,
      blank: ValidationMessage.purposeRequired,
    });
  }

  const rawClaims = body.claims;
  if (rawClaims !== undefined && rawClaims !== null) {
    if (!Array.isArray(rawClaims)) {
      errors.add("claims", DrfMessage.notAList(pythonTypeName(rawClaims)));
    } else if (rawClaims.length > MAX_CLAIMS_PER_ENTRY) {
      return tooManyClaims();
    } else {
      const named = new Set<number>();
      const perClaim = rawClaims.map((rawClaim) => {
        const claimErrors = new ErrorCollector();
        if (!isPlainObject(rawClaim)) {
          claimErrors.add("non_field_errors", DrfMessage.notAnObject(pythonTypeName(rawClaim)));
          return claimErrors;
        }
        const id = claimErrors.read(rawClaim, "id", (value) => parseInteger(value, { min: 1 }), {
          required: DrfMessage.required,
          blank: DrfMessage.required,
        });
        if (id === undefined) return claimErrors;
        const claim = claimsById.get(id);
        if (!claim || named.has(id)) {
          claimErrors.add("id", ExtraMessage.pkDoesNotExist(id));
          return claimErrors;
        }
        named.add(id);
        if (!isEditable(claim)) return claimErrors;
        const fields = readClaimFields(rawClaim, claimErrors, true);
        const resubmitted: ResubmitClaimInput = { id, fields };
        if (rawClaim.contentfiles !== undefined && rawClaim.contentfiles !== null) {
          const ids = parseUploadIdList(rawClaim.contentfiles);
          if (!ids.ok) claimErrors.add("contentfiles", ids.message);
          else {
            uploads
              .check(ids.value, { kind: "claim", position: claim.position })
              .forEach((message) => claimErrors.add("contentfiles", message));
            resubmitted.contentfiles = ids.value;
          }
        }
        input.claims.push(resubmitted);
        return claimErrors;
      });
      const nested = itemErrors(perClaim);
      if (nested) errors.nest("claims", nested);
    }
  }

  if (body.addfiles !== undefined && body.addfiles !== null) {
    const ids = parseUploadIdList(body.addfiles);
    if (!ids.ok) errors.add("addfiles", ids.message);
    else {
      uploads.check(ids.value, { kind: "entry" }).forEach((message) => errors.add("addfiles", message));
      input.addfiles = ids.value;
    }
  }

  return errors.isEmpty ? { ok: true, value: input } : { ok: false, errors: errors.errors };
}
