// The financial step's form, as both its page and its action name it (the invoice step's is in schema.ts).

/** The id of the step's form: its fields join it by the `form` attribute; failures name it. */
export const FINANCIAL_FORM_ID = "financial-form";
