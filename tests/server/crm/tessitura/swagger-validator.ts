import { readFileSync } from "node:fs";
import Ajv from "ajv";

/*
 * Checks HTTP exchanges against Tessitura's own Swagger 2.0 description
 * (/work/shared/vendor/tessitura, copied path below): the path must match one
 * of its templates for that method; path and query parameters must be the
 * declared ones (required ones present, no unknown names); a JSON body and
 * the response body must match the declared definitions. Objects are closed
 * (additionalProperties: false) in both directions: Tessitura rejects field
 * names it does not know, and a stand-in answering fields the vendor never
 * sends would hide an adapter reading them.
 */

export const SWAGGER_PATH = "/work/shared/vendor/tessitura/tessitura-api-15.2.40.swagger.json";

interface SwaggerParameter {
  name: string;
  in: "path" | "query" | "body" | "header" | "formData";
  required?: boolean;
  type?: string;
  schema?: object;
}

interface SwaggerOperation {
  parameters?: SwaggerParameter[];
  responses: Record<string, { schema?: object }>;
}

interface Swagger {
  basePath: string;
  paths: Record<string, Record<string, SwaggerOperation>>;
  definitions: Record<string, object>;
}

export interface Exchange {
  method: string;
  /** The path after the base path (/TessituraService), with its query string. */
  url: string;
  body?: unknown;
}

interface Template {
  template: string;
  pattern: RegExp;
  names: string[];
  literalSegments: number;
}

/** Every object schema closed against unknown property names; JSON Schema keywords Swagger adds (readOnly, discriminator…) left for ajv to ignore. */
function closeObjects(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(closeObjects);
  if (schema === null || typeof schema !== "object") return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = key === "example" ? value : closeObjects(value);
  if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  // The vendor's description repeats some enum members (Response.StatusCode), which JSON Schema forbids.
  if (Array.isArray(out.enum)) out.enum = [...new Set(out.enum as unknown[])];
  return out;
}

/** "#/definitions/X" within an operation's schema, pointing into the shared definitions document. */
function pointRefs(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(pointRefs);
  if (schema === null || typeof schema !== "object") return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    out[key] = key === "$ref" && typeof value === "string" ? value.replace(/^#\/definitions\//, "tessitura#/definitions/") : pointRefs(value);
  }
  return out;
}

export class SwaggerValidator {
  private readonly swagger: Swagger;
  private readonly ajv: Ajv.Ajv;
  private readonly templates = new Map<string, Template[]>();
  private readonly compiled = new Map<string, Ajv.ValidateFunction>();

  constructor(path = SWAGGER_PATH) {
    this.swagger = JSON.parse(readFileSync(path, "utf8")) as Swagger;
    // Formats Swagger adds (int32, int64, double…) are not JSON Schema's: declared here; date-time is checked.
    this.ajv = new Ajv({ allErrors: true, schemaId: "auto" });
    this.ajv.addFormat("int32", { type: "number", validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 });
    this.ajv.addFormat("int64", { type: "number", validate: (n: number) => Number.isInteger(n) });
    for (const name of ["double", "float"]) this.ajv.addFormat(name, { type: "number", validate: () => true });
    for (const name of ["byte", "binary", "password"]) this.ajv.addFormat(name, () => true);
    this.ajv.addSchema({ $id: "tessitura", definitions: closeObjects(this.swagger.definitions) });
    for (const [template, operations] of Object.entries(this.swagger.paths)) {
      const names: string[] = [];
      const segments = template.split("/").filter(Boolean);
      const source = segments
        .map((segment) => {
          const param = /^\{(\w+)\}$/.exec(segment);
          if (param) {
            names.push(param[1]!);
            return "/([^/]+)";
          }
          return "/" + segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        })
        .join("");
      for (const method of Object.keys(operations)) {
        const list = this.templates.get(method) ?? [];
        // Tessitura's routes are case-insensitive.
        list.push({ template, pattern: new RegExp(`^${source}$`, "i"), names, literalSegments: segments.length - names.length });
        this.templates.set(method, list);
      }
    }
    // A literal segment wins over a parameter (/CRM/Constituents/Search before /CRM/Constituents/{constituentId}).
    for (const list of this.templates.values()) list.sort((a, b) => b.literalSegments - a.literalSegments);
  }

  /** The template an exchange is for, and its path parameters; undefined when the description has no such operation. */
  match(method: string, path: string): { template: string; operation: SwaggerOperation; params: Record<string, string> } | undefined {
    const lower = method.toLowerCase();
    for (const candidate of this.templates.get(lower) ?? []) {
      const found = candidate.pattern.exec(path);
      if (!found) continue;
      const params: Record<string, string> = {};
      candidate.names.forEach((name, index) => (params[name] = decodeURIComponent(found[index + 1]!)));
      return { template: candidate.template, operation: this.swagger.paths[candidate.template]![lower]!, params };
    }
    return undefined;
  }

  /** What is wrong with a request; [] when it is one Tessitura accepts. */
  validateRequest(exchange: Exchange): string[] {
    const url = new URL(exchange.url, "http://tessitura.invalid");
    const found = this.match(exchange.method, url.pathname);
    const what = `${exchange.method.toUpperCase()} ${url.pathname}`;
    if (!found) return [`${what}: no such operation in the Tessitura API`];
    const problems: string[] = [];
    const parameters = found.operation.parameters ?? [];
    for (const parameter of parameters) {
      if (parameter.in === "path" && parameter.type === "string" && found.params[parameter.name] === "") problems.push(`${what}: empty path parameter ${parameter.name}`);
      if (parameter.in === "query" && parameter.required && !url.searchParams.has(parameter.name)) {
        problems.push(`${what}: missing query parameter ${parameter.name}`);
      }
    }
    const known = new Set(parameters.filter((parameter) => parameter.in === "query").map((parameter) => parameter.name.toLowerCase()));
    for (const name of url.searchParams.keys()) if (!known.has(name.toLowerCase())) problems.push(`${what}: unknown query parameter ${name}`);
    const bodyParameter = parameters.find((parameter) => parameter.in === "body");
    if (bodyParameter?.schema) {
      if (exchange.body === undefined) {
        if (bodyParameter.required) problems.push(`${what}: missing body`);
      } else {
        problems.push(...this.check(`${found.template} ${exchange.method} body`, bodyParameter.schema, exchange.body).map((problem) => `${what} body: ${problem}`));
      }
    } else if (exchange.body !== undefined) {
      problems.push(`${what}: a body where the operation takes none`);
    }
    return problems;
  }

  /** What is wrong with a response's JSON body for a status; [] when it matches the declared schema. */
  validateResponse(exchange: Exchange, status: number, body: unknown): string[] {
    const url = new URL(exchange.url, "http://tessitura.invalid");
    const found = this.match(exchange.method, url.pathname);
    const what = `${exchange.method.toUpperCase()} ${url.pathname} → ${status}`;
    if (!found) return [`${what}: no such operation in the Tessitura API`];
    if (status >= 400) return [];
    const response = found.operation.responses[String(status)] ?? found.operation.responses.default;
    if (!response) return [`${what}: status not declared`];
    if (!response.schema) return [];
    return this.check(`${found.template} ${exchange.method} ${status}`, response.schema, body).map((problem) => `${what}: ${problem}`);
  }

  private check(key: string, schema: object, value: unknown): string[] {
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(pointRefs(closeObjects(schema)) as object);
      this.compiled.set(key, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).map((error) => `${error.dataPath || "(root)"} ${error.message ?? "invalid"}${error.keyword === "additionalProperties" ? ` (${JSON.stringify(error.params)})` : ""}`);
  }
}
