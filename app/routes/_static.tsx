// §2 static layout: the legal and policy pages.

import { layoutRoute } from "~/components/page-frame";

const layout = layoutRoute({ navigation: "none", footer: true, narrow: true });
export default layout.Layout;
export const ErrorBoundary = layout.ErrorBoundary;
