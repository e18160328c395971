// Without JavaScript an upload slot on a page with a form of its own (a wizard step, the profile)
// sends that whole form: what the person typed goes with the file (decision 0007), so nothing typed
// is lost, and a wizard step's form carries every file chosen in its slots whichever button is
// pressed. One form then holds every slot, so each file input names its slot, kind and side, and an
// upload button names the slot it belongs to. Shared by the slot component and the actions that read
// the post. No hidden inputs: the form's values stay what the person typed.

const TARGET = /^([A-Za-z0-9_-]{1,64}):([A-Za-z0-9_-]{1,64}):(front|back)?$/;
const INTENT_PREFIX = "upload:";
const FILE_PREFIX = "content:";

export interface StepUploadTarget {
  slot: string;
  kind: string;
  side?: "front" | "back";
}

function encode({ slot, kind, side }: StepUploadTarget): string {
  return `${slot}:${kind}:${side ?? ""}`;
}

function decode(value: string): StepUploadTarget | null {
  const match = TARGET.exec(value);
  if (!match) return null;
  const [, slot = "", kind = "", side] = match;
  return side === "front" || side === "back" ? { slot, kind, side } : { slot, kind };
}

/** The upload button's intent value. */
export function stepUploadIntent(target: StepUploadTarget): string {
  return INTENT_PREFIX + encode(target);
}

/** The slot an upload button named, or null for any other intent. */
export function parseStepUploadIntent(intent: unknown): StepUploadTarget | null {
  if (typeof intent !== "string" || !intent.startsWith(INTENT_PREFIX)) return null;
  return decode(intent.slice(INTENT_PREFIX.length));
}

/** The name of one slot's file input inside the page's form. */
export function stepUploadFileField(target: StepUploadTarget): string {
  return FILE_PREFIX + encode(target);
}

/** The slot a file input's name names, or null for any other field. */
export function parseStepUploadFileField(name: string): StepUploadTarget | null {
  return name.startsWith(FILE_PREFIX) ? decode(name.slice(FILE_PREFIX.length)) : null;
}

/** The file fields an upload post may carry: a slot's own form's, or the page form's. */
export function isUploadFileField(name: string): boolean {
  return name === "content" || parseStepUploadFileField(name) !== null;
}
