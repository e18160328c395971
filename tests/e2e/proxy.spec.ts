// The app works behind a proxy: with APP_BASE_URL set to the proxy's public origin, a reverse
// proxy that rewrites Host (as nginx's default `proxy_set_header Host $proxy_host` does, with no
// X-Forwarded-Host) must not break same-origin form posts, JavaScript on and off. The proxy is a
// small node:http one on another host name and port: the browser sees only 127.0.0.1:<proxy>, the
// app only Host: localhost:<app>.

import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./fixtures";
import { Label, NEW_PASSWORD, fillNewPassword } from "./support-passwords";
import { STRONG_PASSWORD, UPSTREAM_URL, registerThroughUpstream, startAppAgainst } from "./support";

let proxy: http.Server;
let app: Awaited<ReturnType<typeof startAppAgainst>>;
let proxyOrigin: string;
let appPort: number;

test.beforeAll(async () => {
  proxy = http.createServer((incoming, outgoing) => {
    const forwarded = http.request(
      {
        host: "127.0.0.1",
        port: appPort,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: `localhost:${appPort}` },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on("error", () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  proxyOrigin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  app = await startAppAgainst(UPSTREAM_URL, { APP_BASE_URL: proxyOrigin });
  appPort = Number(new URL(app.url).port);
});

test.afterAll(async () => {
  await app?.stop();
  proxy?.closeAllConnections();
  await new Promise((resolve) => proxy?.close(resolve));
});

test("through a proxy that rewrites Host, a user logs in and changes the password", async ({
  page,
  open,
  freshEmail,
}) => {
  const email = freshEmail("proxy");
  await registerThroughUpstream(email);

  await open(`${proxyOrigin}/login`);
  await page.getByLabel("メールアドレス ※必須", { exact: true }).fill(email);
  await page.getByLabel("パスワード ※必須", { exact: true }).fill(STRONG_PASSWORD);
  await page.getByRole("button", { name: "ログイン" }).click();
  await expect(page).toHaveURL(`${proxyOrigin}/mypage`);
  await expect(page.getByTestId("current-email")).toHaveText(email);

  await open(`${proxyOrigin}/profile/password/change`);
  await page.getByLabel(Label.oldPassword, { exact: true }).fill(STRONG_PASSWORD);
  await fillNewPassword(page, NEW_PASSWORD);
  await page.getByRole("button", { name: "パスワードを変更する" }).click();
  await expect(page).toHaveURL(`${proxyOrigin}/profile/password/change/done`);
  await expect(page.getByRole("heading", { name: "パスワードを変更しました" })).toBeVisible();
});
