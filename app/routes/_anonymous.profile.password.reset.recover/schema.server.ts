// The reset request form (§7 POST /api/password/reset/: email).

import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { emailField } from "~/forms/login-schema.server";

export const recoverValidator = withZod(z.object({ email: emailField }));
