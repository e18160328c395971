// Which brand (service, §6 white-label) an account belongs to, and where its e-mailed links point:
// a white-label account's mail must lead to its own brand's host, where its login is accepted.

import { type Brand, BRANDS, DEFAULT_BRAND } from "../../app/brand/brands";
import type { ReturnAccount } from "../../app/domain/account-lines";
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

/** The app's brand of a service: its operator, contact and return account, as its pages state them. */
export function brandOf(config: UpstreamConfig, serviceId: string): Brand {
  const { id } = serviceOf(config, serviceId);
  return BRANDS.find((brand) => brand.id === id) ?? DEFAULT_BRAND;
}

/**
 * Where the brand's users send returns (the operator's collection account), as the app's brand states it:
 * a mail writes it with returnAccountLines, so it reads exactly as the contract page and the agreement do.
 */
export function returnAccountFor(config: UpstreamConfig, serviceId: string): ReturnAccount {
  return brandOf(config, serviceId).returnAccount;
}
