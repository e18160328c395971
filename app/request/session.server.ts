// The app's own session, carrying the upstream's cookies encrypted (ARCHITECTURE §6, decision 0002).

import { createHmac } from "node:crypto";
import { type Session, createCookieSessionStorage } from "@remix-run/node";
import type { UpstreamCredentials } from "~/upstream/client.server";
import { appConfig } from "~/settings/config.server";
import { seal, unseal } from "./crypto.server";

export const SESSION_COOKIE_NAME = "__sakidori";
export const PERSISTENT_SESSION_SECONDS = 14 * 24 * 60 * 60;

interface SessionData {
  upstream: string;
  persistent: boolean;
  user: string;
}

let storage: ReturnType<typeof createCookieSessionStorage<SessionData>> | null = null;

function sessionStorage() {
  const config = appConfig();
  storage ??= createCookieSessionStorage<SessionData>({
    cookie: {
      name: SESSION_COOKIE_NAME,
      httpOnly: true,
      sameSite: "lax",
      secure: config.secureCookies,
      path: "/",
      secrets: config.sessionSecrets,
    },
  });
  return storage;
}

const userReferenceWith = (secret: string, id: number) =>
  createHmac("sha256", secret).update(`sakidori user\0${id}`).digest("hex").slice(0, 16);

/** A user named without their id, under every secret, the signing one first: one made before a rotation still matches. */
export function userReferences(id: number): string[] {
  return appConfig().sessionSecrets.map((secret) => userReferenceWith(secret, id));
}

export class AppSession {
  private constructor(private readonly session: Session<SessionData>) {}

  static async fromRequest(request: Request): Promise<AppSession> {
    return new AppSession(await sessionStorage().getSession(request.headers.get("Cookie")));
  }

  get credentials(): UpstreamCredentials {
    const sealed = this.session.get("upstream");
    if (!sealed) return {};
    const plain = unseal(sealed, appConfig().sessionEncryptionKey);
    if (!plain) return {};
    try {
      const parsed = JSON.parse(plain) as UpstreamCredentials;
      return { sessionid: parsed.sessionid, csrftoken: parsed.csrftoken };
    } catch {
      return {};
    }
  }

  set credentials(credentials: UpstreamCredentials) {
    this.session.set("upstream", seal(JSON.stringify(credentials), appConfig().sessionEncryptionKey));
  }

  get persistent(): boolean {
    return this.session.get("persistent") === true;
  }

  set persistent(value: boolean) {
    this.session.set("persistent", value);
  }

  get user(): string | undefined {
    return this.session.get("user");
  }

  /** Keeps who logged in, as a keyed hash (userReferences): logs can follow a user, not name one. */
  set userId(id: number) {
    this.session.set("user", userReferences(id)[0]!);
  }

  get hasUpstreamSession(): boolean {
    return Boolean(this.credentials.sessionid);
  }

  commit(): Promise<string> {
    return sessionStorage().commitSession(
      this.session,
      this.persistent ? { maxAge: PERSISTENT_SESSION_SECONDS } : { maxAge: undefined, expires: undefined },
    );
  }

  destroy(): Promise<string> {
    return sessionStorage().destroySession(this.session);
  }
}
