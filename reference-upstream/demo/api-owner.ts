// An owner driving the reference upstream's HTTP API as the app does for them (register, activate,
// profile, uploads, draft, submit, contract): the demo owners are made through it, and the browser
// tests' fixtures set up their users with it.

import { type FilePayload, pdfFile } from "./sample-files";

export class ApiOwner {
  private constructor(
    readonly baseUrl: string,
    readonly id: number,
    readonly email: string,
    /** The brand the account belongs to (X-Service-Id). */
    readonly serviceId: string,
    private readonly cookies: Map<string, string>,
  ) {}

  /** POST /api/register/: the account, logged in (the upstream answers with its session). */
  static async register(
    baseUrl: string,
    account: { email: string; password: string; division: "corporate" | "individual"; serviceId?: string },
  ): Promise<ApiOwner> {
    const serviceId = account.serviceId ?? "sakidori";
    const response = await fetch(`${baseUrl}/api/register/`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Service-Id": serviceId },
      body: JSON.stringify({
        email: account.email,
        password: account.password,
        corporate_division: account.division,
        // A white label with a partner bank asks the consent to inform it (the register page does too).
        partner_data_consent: true,
      }),
    });
    const text = await response.text();
    if (response.status !== 201) throw new Error(`POST /api/register/ answered ${response.status}: ${text}`);
    const cookies = new Map<string, string>();
    for (const header of response.headers.getSetCookie()) {
      const [pair = ""] = header.split(";");
      const index = pair.indexOf("=");
      if (index > 0) cookies.set(pair.slice(0, index).trim(), pair.slice(index + 1).trim());
    }
    return new ApiOwner(baseUrl, (JSON.parse(text) as { id: number }).id, account.email, serviceId, cookies);
  }

  /** A write's headers for this session: the service, Referer and the CSRF header Django asks for. */
  headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      "X-Service-Id": this.serviceId,
      Referer: `${this.baseUrl}/`,
      "X-CSRFToken": this.cookies.get("csrftoken") ?? "",
      Cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      ...extra,
    };
  }

  /** A JSON call as this owner; answers the parsed body, or throws with the upstream's answer. */
  async send(method: string, apiPath: string, json?: unknown): Promise<unknown> {
    const response = await fetch(`${this.baseUrl}${apiPath}`, {
      method,
      headers: this.headers({ "Content-Type": "application/json" }),
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${apiPath} answered ${response.status}: ${text}`);
    return text ? JSON.parse(text) : null;
  }

  /** POST /api/uploads/ as this owner; answers the upload's id. */
  upload(kind: string, file: FilePayload = pdfFile(), side?: "front" | "back"): Promise<number> {
    return uploadFile(this.baseUrl, this.headers(), kind, file, side);
  }
}

/** POST /api/uploads/ (multipart with a Content-Length) with `headers`; answers the upload's id. */
export async function uploadFile(
  baseUrl: string,
  headers: Record<string, string>,
  kind: string,
  file: FilePayload,
  side?: "front" | "back",
): Promise<number> {
  const form = new FormData();
  form.set("kind", kind);
  if (side) form.set("side", side);
  form.set("content", new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }), file.name);
  const post = () => fetch(`${baseUrl}/api/uploads/`, { method: "POST", headers, body: form });
  // Under load, undici sometimes writes this body into a pooled keep-alive socket the reference server
  // has just closed (EPIPE before a byte was read). The post never arrived, so it is sent once more;
  // any other failure stands.
  const response = await post().catch((error: unknown) => {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code === "EPIPE" || code === "ECONNRESET") return post();
    throw error;
  });
  const text = await response.text();
  if (response.status !== 201)
    throw new Error(`POST /api/uploads/ (${kind}) answered ${response.status}: ${text}`);
  return (JSON.parse(text) as { id: number }).id;
}
