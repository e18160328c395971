// The honeypot field of the public forms (login, register, password reset).

import { HONEYPOT_FIELD } from "~/forms/honeypot";

export function HoneypotField() {
  return (
    <div className="honeypot" aria-hidden="true">
      <label>
        この欄には何も入力しないでください
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
