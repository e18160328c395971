// The browser asks for fewer bytes (`Save-Data: on`, set by a data saver or a capped plan's settings):
// nothing is fetched for a page the person has not opened.

export function savesData(request: Request): boolean {
  return request.headers.get("Save-Data")?.trim().toLowerCase() === "on";
}
