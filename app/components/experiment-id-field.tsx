// §7 register sends "an experiment-user identifier from local storage". Only a browser with
// JavaScript has local storage, so the field is filled after hydration and is simply absent without it.

import { useEffect, useState } from "react";
import { readExperimentUserId } from "./experiment-user-id";

export function ExperimentIdField() {
  const [value, setValue] = useState("");
  useEffect(() => {
    setValue(readExperimentUserId() ?? "");
  }, []);
  return value ? <input type="hidden" name="experiment_user_id" value={value} /> : null;
}
