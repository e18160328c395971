// §4 "Unsaved-change flags compare current step inputs and files with stored copies": with JavaScript,
// leaving a step with changed values asks first; files are saved as they upload.

import { useBeforeUnload, useBlocker, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";
import { TYPED_BY_FIELD } from "~/forms/session-resume";

export const UNSAVED_CHANGES_MESSAGE =
  "入力内容が保存されていません。このまま移動すると、入力した内容は失われます。移動してもよろしいですか？";

/**
 * The form's values (its own inputs and those tied to it by the form attribute), files left out, and
 * the page's token of whom it was rendered for (renewed by every revalidation, never typed).
 */
function serializeForm(formId: string): string | null {
  const form = document.getElementById(formId);
  if (!(form instanceof HTMLFormElement)) return null;
  const pairs: string[] = [];
  for (const [name, value] of new FormData(form)) {
    if (typeof value !== "string" || name === TYPED_BY_FIELD) continue;
    pairs.push(`${name}=${value}`);
  }
  return pairs.join("\n");
}

/**
 * The revision of the saved values a page shows (files left out by the caller: they save as they
 * upload): a short hash, also a key that remounts the form when the saved values change.
 */
export function formRevision(saved: unknown): string {
  const text = JSON.stringify(saved);
  let hash = 5381;
  for (let index = 0; index < text.length; index += 1) hash = (hash * 33) ^ text.charCodeAt(index);
  return (hash >>> 0).toString(36);
}

/**
 * `revision` (formRevision) changes whenever the page shows newly saved values (the snapshot is then
 * taken again).
 */
export function useUnsavedChanges(formId: string, revision: string, message = UNSAVED_CHANGES_MESSAGE) {
  const snapshot = useRef<string | null>(null);
  const submitting = useRef(false);
  const navigation = useNavigation();

  useEffect(() => {
    snapshot.current = serializeForm(formId);
  }, [formId, revision]);

  // A submission of this form saves the draft: leaving through it is what the person asked for.
  useEffect(() => {
    const onSubmit = (event: Event) => {
      const form = event.target;
      if (form instanceof HTMLFormElement && form.id === formId) submitting.current = true;
    };
    document.addEventListener("submit", onSubmit, true);
    return () => document.removeEventListener("submit", onSubmit, true);
  }, [formId]);
  useEffect(() => {
    if (navigation.state === "idle") submitting.current = false;
  }, [navigation.state]);

  const isDirty = useCallback(() => {
    if (submitting.current || snapshot.current === null) return false;
    const current = serializeForm(formId);
    return current !== null && current !== snapshot.current;
  }, [formId]);

  useBeforeUnload(
    useCallback(
      (event: BeforeUnloadEvent) => {
        if (!isDirty()) return;
        event.preventDefault();
        // Older browsers show the prompt only when returnValue is set.
        event.returnValue = "";
      },
      [isDirty],
    ),
  );

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      (currentLocation.pathname !== nextLocation.pathname ||
        currentLocation.search !== nextLocation.search) &&
      isDirty(),
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(message)) blocker.proceed();
    else blocker.reset();
  }, [blocker, message]);

  return { isDirty };
}
