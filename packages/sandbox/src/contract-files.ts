// Where the sandbox's contract lives, and reading it: the OpenAPI documents in the package's
// own openapi/ folder, one level above this module. That holds for the
// sources (src/) and the build (dist/) alike; no folder is searched. A bundler
// that inlines this package puts openapi/ one level above its output folder
// (venue's scripts/bundle.js copies it to dist/openapi beside dist/bundle).

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The services whose contract the sandbox ships (webhooks are part of inventory's). */
export const CONTRACT_SERVICES = ['wallet', 'booking', 'inventory'] as const;
export type ContractService = (typeof CONTRACT_SERVICES)[number];

/** The folder holding wallet.json, booking.json and inventory.json. */
export function openApiDir(): string {
  return fileURLToPath(new URL('../openapi/', import.meta.url)).replace(/[\\/]+$/, '');
}

/** The OpenAPI 3.1 document of a service, as a file path. */
export function contractFile(service: ContractService, dir = openApiDir()): string {
  return path.join(dir, `${service}.json`);
}

/** The parts of an OpenAPI 3.1 document the sandbox reads or writes. */
export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string; [key: string]: unknown };
  servers?: Array<{ url: string; [key: string]: unknown }>;
  security?: Array<Record<string, string[]>>;
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { securitySchemes?: Record<string, unknown>; [key: string]: unknown };
  [key: string]: unknown;
}

export interface OpenApiOperation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string; [key: string]: unknown }>;
  [key: string]: unknown;
}

const documents = new Map<ContractService, OpenApiDocument>();

/** The contract document of a service (parsed once; callers must not change it). */
export function readOpenApiDocument(service: ContractService): OpenApiDocument {
  let document = documents.get(service);
  if (!document) {
    document = JSON.parse(fs.readFileSync(contractFile(service), 'utf8')) as OpenApiDocument;
    documents.set(service, document);
  }
  return document;
}
