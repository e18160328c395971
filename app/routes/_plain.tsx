// §2 plain layout: documents such as the terms and the factoring service agreement.

import { layoutRoute } from "~/components/page-frame";

const layout = layoutRoute({ navigation: "none", footer: true, narrow: true });
export default layout.Layout;
export const ErrorBoundary = layout.ErrorBoundary;
