// §2 propagate-errors-in-hash-json: a page shows the errors carried in its URL. The query's are put
// into words on the server (JavaScript on and off); the hash's are read in the browser with
// JavaScript, which then loads the table of words (it is on no page's bundle). Unknown codes show
// nothing: a URL never puts its own text in front of the user.

import { ErrorMessage } from "../../app/domain/error-messages";
import { expect, test } from "./fixtures";

const SESSION_EXPIRED = "セッションの有効期限が切れました。お手数ですが、再度ログインしてください。";
const hashOf = (errors: string[]) => `#${encodeURIComponent(JSON.stringify({ errors }))}`;

test("?error=csrf on the login page shows §8's alert verbatim, once", async ({ page, open }) => {
  await open("/login?error=csrf&error=csrf&error=<b>x</b>");
  await expect(page.getByRole("alert")).toHaveText(ErrorMessage.csrfMismatch);
});

test("with JavaScript, the hash's errors are shown too; an unknown code is not", async ({
  page,
  open,
  javaScript,
}) => {
  test.skip(!javaScript, "the hash never reaches the server");
  await open(`/login${hashOf(["session_expired", "made_up"])}`);
  await expect(page.getByRole("alert")).toHaveText(SESSION_EXPIRED);
});
