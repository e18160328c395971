// Uploads at once, bounded before a byte goes upstream (decision 0021): a streamed upload holds an
// upstream connection while the browser sends. The counts are this process's.

import {
  MAX_UPLOADS_AT_ONCE_PER_USER,
  UPLOAD_RETRY_AFTER_SECONDS,
  UploadRuleMessage,
} from "~/domain/upload-rules";
import { rateLimitRefusals } from "~/telemetry/metrics.server";

/** Whose uploads are full: the person's, their address's (a NAT's several people), or the server's. */
export type FullUploads = "person" | "address" | "server";

const refusals: Record<FullUploads, { status: 429 | 503; message: string; limit: string }> = {
  person: { status: 429, message: UploadRuleMessage.tooManyAtOnce, limit: "uploads_per_user" },
  address: { status: 429, message: UploadRuleMessage.busyFromNetwork, limit: "uploads_per_address" },
  server: { status: 503, message: UploadRuleMessage.busy, limit: "uploads_at_once" },
};

export class UploadsBusyError extends Error {
  readonly retryAfterSeconds = UPLOAD_RETRY_AFTER_SECONDS;
  readonly status: 429 | 503;

  constructor(readonly full: FullUploads) {
    super(refusals[full].message);
    this.status = refusals[full].status;
  }
}

export interface Uploader {
  /** From personOf: one person across tabs and devices. */
  person: string;
  /** The client's addressBlock: everyone behind one NAT, or one IPv6 line. */
  address: string;
}

export interface UploadLimits {
  inAll: number;
  perAddress: number;
}

export interface UploadAdmission {
  release(): void;
}

const perPerson = new Map<string, number>();
const perAddress = new Map<string, number>();
let inAll = 0;

function refuse(full: FullUploads): never {
  rateLimitRefusals.inc({ limit: refusals[full].limit });
  throw new UploadsBusyError(full);
}

function add(counts: Map<string, number>, key: string, step: 1 | -1): void {
  const count = (counts.get(key) ?? 0) + step;
  if (count > 0) counts.set(key, count);
  else counts.delete(key);
}

export function admitUpload(uploader: Uploader, limits: UploadLimits): UploadAdmission {
  if ((perPerson.get(uploader.person) ?? 0) >= MAX_UPLOADS_AT_ONCE_PER_USER) refuse("person");
  if ((perAddress.get(uploader.address) ?? 0) >= limits.perAddress) refuse("address");
  if (inAll >= limits.inAll) refuse("server");
  add(perPerson, uploader.person, 1);
  add(perAddress, uploader.address, 1);
  inAll += 1;
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      add(perPerson, uploader.person, -1);
      add(perAddress, uploader.address, -1);
      inAll -= 1;
    },
  };
}
