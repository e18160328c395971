// A field table's text fields as zod (docs/decisions/0030-a-field-declared-once.md): the server checks
// the limits the inputs carry, in the same words.

import { z } from "zod";
import {
  type FieldTable,
  type TextFieldNames,
  type TextFieldSpec,
  tooLongMessage,
} from "~/domain/form-fields";
import { ValidationMessage } from "~/domain/messages";

/** A text field's schema; a password keeps its spaces, any other text is trimmed. */
export function textSchema(spec: TextFieldSpec): z.ZodString {
  const { required, minLength, tooShort, maxLength } = spec.limits;
  let schema = z.string({ required_error: ValidationMessage.blank });
  if (spec.control.type !== "password") schema = schema.trim();
  if (required) schema = schema.min(1, ValidationMessage.blank);
  if (minLength !== undefined) schema = schema.min(minLength, tooShort);
  if (maxLength !== undefined) schema = schema.max(maxLength, tooLongMessage(spec));
  return schema;
}

type TextSchema = z.ZodType<string, z.ZodTypeDef, string | undefined>;

/** A table's text fields; an optional one reads absent as "". Other kinds keep their own schema. */
export function textShape<T extends FieldTable>(table: T): { [K in TextFieldNames<T>]: TextSchema } {
  const shape: Record<string, TextSchema> = {};
  for (const [name, spec] of Object.entries(table)) {
    if (spec.kind !== "text") continue;
    shape[name] = spec.limits.required
      ? textSchema(spec)
      : textSchema(spec)
          .optional()
          .transform((value) => value ?? "");
  }
  return shape as { [K in TextFieldNames<T>]: TextSchema };
}
