// §7 register sends "an experiment-user identifier from local storage". Only a browser with
// JavaScript has local storage, so the field is filled after hydration and is simply absent without it.

import { useEffect, useState } from "react";

const STORAGE_KEY = "experimentUserId";

export function ExperimentIdField() {
  const [value, setValue] = useState("");
  useEffect(() => {
    try {
      setValue(window.localStorage.getItem(STORAGE_KEY) ?? "");
    } catch {
      // Storage can be unavailable (private mode): nothing to send.
    }
  }, []);
  return value ? <input type="hidden" name="experiment_user_id" value={value} /> : null;
}
