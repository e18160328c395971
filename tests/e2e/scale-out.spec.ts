// Scale-out proven: two app processes behind nginx (Debian's) on loopback, with Redis
// (Debian's redis-server), both pointed at the suite's one reference upstream and sharing only the
// cookie secrets and REDIS_URL. A user logged in through one continues through the other; an upload
// made through one is listed by both; the login rate limit counts across both (per client address,
// which nginx reports in X-Forwarded-For: TRUSTED_PROXY_HOPS=1). Plain HTTP (the browser adds nothing
// here), so it runs in one project.

import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { findFreePort, waitForHttp, waitForTcp } from "../../scripts/ports";
import { expect, test } from "./fixtures";
import { pdfFile } from "./files";
import { STRONG_PASSWORD, UPSTREAM_URL, startAppAgainst } from "./support";
import { type Answer, send } from "./support-http";

function startRedis(port: number): ChildProcess {
  return spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      stdio: "ignore",
    },
  );
}

function startNginx(dir: string, port: number, apps: readonly string[]): ChildProcess {
  const servers = apps
    .map((url) => `server ${new URL(url).host.replace("localhost", "127.0.0.1")};`)
    .join("\n    ");
  const conf = `
worker_processes 1;
error_log ${dir}/error.log;
pid ${dir}/nginx.pid;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 20m;
  upstream app {
    ${servers}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://app;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}`;
  fs.writeFileSync(path.join(dir, "nginx.conf"), conf);
  return spawn("nginx", ["-p", dir, "-c", path.join(dir, "nginx.conf"), "-g", "daemon off;"], {
    stdio: "ignore",
  });
}

const cookieOf = (answer: Answer) =>
  (answer.headers["set-cookie"] ?? []).map((cookie) => cookie.split(";")[0]).join("; ");

test("two replicas behind nginx with Redis: one session, one set of files, one rate limit", async ({
  javaScript,
  readyToApply,
}) => {
  test.skip(javaScript, "plain HTTP through the proxy: one project is enough");
  test.setTimeout(120_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "sakidori-scale-"));
  const [redisPort, proxyPort] = [await findFreePort(), await findFreePort()];
  const publicUrl = `http://127.0.0.1:${proxyPort}`;
  const redis = startRedis(redisPort);
  const started: { stop(): Promise<void> }[] = [];
  let nginx: ChildProcess | null = null;
  try {
    await waitForTcp("127.0.0.1", redisPort, 10_000);
    // What the replicas share: the cookie secrets (the suite's) and Redis. Nothing else.
    const shared = {
      APP_BASE_URL: publicUrl,
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      TRUSTED_PROXY_HOPS: "1",
      RATE_LIMIT_PER_ADDRESS: "30",
    };
    const [a, b] = await Promise.all([
      startAppAgainst(UPSTREAM_URL, shared),
      startAppAgainst(UPSTREAM_URL, shared),
    ]);
    started.push(a!, b!);
    nginx = startNginx(dir, proxyPort, [a!.url, b!.url]);
    await waitForHttp(`${publicUrl}/`, 15_000);

    // Logged in through replica A (as the proxy would pass it on), then served by B, then by both.
    const user = await readyToApply("corporate");
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const formHeaders = {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: publicUrl,
      Host: `127.0.0.1:${proxyPort}`,
    };
    const login = await send(`${a!.url}/login`, {
      method: "POST",
      headers: formHeaders,
      body: form({ email: user.email, password: STRONG_PASSWORD }),
    });
    expect(login.status, login.body.slice(0, 300)).toBe(302);
    const cookie = cookieOf(login);
    const onB = await send(`${b!.url}/mypage`, {
      headers: { Cookie: cookie, Host: `127.0.0.1:${proxyPort}` },
    });
    expect(onB.status).toBe(200);
    expect(onB.body).toContain("マイページ");
    const throughProxy = await Promise.all(
      [1, 2, 3, 4].map(() => send(`${publicUrl}/mypage`, { headers: { Cookie: cookie } })),
    );
    expect(throughProxy.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);

    // An upload through the proxy (one replica) is listed by both replicas.
    const file = pdfFile("scale-out-invoice.pdf");
    const boundary = "----sakidori-scale-out";
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const multipart = Buffer.concat([
      Buffer.from(part("intent", "upload") + part("slot", "claim-1-invoice") + part("kind", "invoice-1")),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="content"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      file.buffer,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await send(`${publicUrl}/entry/entry_invoice`, {
      method: "POST",
      headers: {
        Cookie: cookie,
        Origin: publicUrl,
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
      },
      body: multipart,
    });
    expect(upload.status, upload.body.slice(0, 300)).toBe(302);
    for (const replica of [a!, b!]) {
      const page = await send(`${replica.url}/entry/entry_invoice`, {
        headers: { Cookie: cookie, Host: `127.0.0.1:${proxyPort}` },
      });
      expect(page.status).toBe(200);
      expect(page.body).toContain("scale-out-invoice.pdf");
    }

    // One client address's login posts count across both replicas; another address is not touched.
    const flood = [];
    for (let i = 0; i < 31; i++) {
      flood.push(
        await send(`${publicUrl}/login`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: publicUrl },
          body: form({ email: `nobody-${i}@example.com`, password: "wrong-password-1" }),
          from: "127.0.0.2",
        }),
      );
    }
    const refused = flood.filter((answer) => answer.status === 429).length;
    expect(flood.slice(0, 30).every((answer) => answer.status !== 429)).toBe(true);
    expect(refused).toBe(1);
    const bystander = await send(`${publicUrl}/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: publicUrl },
      body: form({ email: user.email, password: STRONG_PASSWORD }),
      from: "127.0.0.3",
    });
    expect(bystander.status).toBe(302);
    console.log(
      `[scale-out] 2 replicas behind nginx, the 31st post from one address refused (${refused}/31)`,
    );
  } finally {
    nginx?.kill("SIGQUIT");
    await Promise.all(started.map((app) => app.stop()));
    redis.kill();
  }
});
