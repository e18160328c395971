// The honeypot field of the public forms (login, register, password reset).

/** A field people never see or fill; bots that fill every field give themselves away. */
export const HONEYPOT_FIELD = "website";

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
