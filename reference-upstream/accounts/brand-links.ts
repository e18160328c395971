// Which brand (service, §6 white-label) an account belongs to, and where its e-mailed links point:
// a white-label account's mail must lead to its own brand's host, where its login is accepted.

import type { ServiceDefinition, UpstreamConfig } from "../config";

export function serviceOf(config: UpstreamConfig, serviceId: string): ServiceDefinition {
  return config.services.find((service) => service.id === serviceId) ?? config.services[0]!;
}

/** The app's origin for a brand: the origin of its login page, else config.appBaseUrl. */
export function appBaseUrlFor(config: UpstreamConfig, serviceId: string): string {
  const service = config.services.find((candidate) => candidate.id === serviceId);
  if (!service || service.id === config.services[0]!.id) return config.appBaseUrl;
  try {
    return new URL(service.login_url).origin;
  } catch {
    return config.appBaseUrl;
  }
}
