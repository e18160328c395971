// The reset request form (§7 POST /api/password/reset/: email).

import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { emailField } from "../_anonymous.login/schema";

export const recoverValidator = withZod(z.object({ email: emailField }));

export const RECOVER_FIELD_LABELS: Record<string, string> = { email: "メールアドレス" };
