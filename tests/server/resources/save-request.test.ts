import { readFormSaveRequest, readJsonSaveRequest, SAVE_FIELD_MESSAGES } from "../../../server/resources/save-request";

describe("readJsonSaveRequest", () => {
  it("reads a well-formed body", () => {
    expect(readJsonSaveRequest({ resource_id: 42, resource_type: "lesson-plan", to_save: false })).toEqual({
      ok: true,
      value: { resourceId: 42, resourceType: "lesson-plan", toSave: false },
    });
  });

  it.each(["activity", "lesson-plan", "video", "worksheet", "guide"])("accepts the type %s", (type) => {
    expect(readJsonSaveRequest({ resource_id: 1, resource_type: type, to_save: true }).ok).toBe(true);
  });

  it("accepts the id as plain decimal digits", () => {
    expect(readJsonSaveRequest({ resource_id: "2147483647", resource_type: "video", to_save: true })).toEqual({
      ok: true,
      value: { resourceId: 2147483647, resourceType: "video", toSave: true },
    });
  });

  it.each([0, -1, 1.5, 2147483648, Number.NaN, "", " 1", "1 ", "01", "1e3", "0x1", "2147483648", null, true, [1], { id: 1 }])(
    "refuses the id %j",
    (resourceId) => {
      expect(readJsonSaveRequest({ resource_id: resourceId, resource_type: "video", to_save: true })).toEqual({
        ok: false,
        errors: { resource_id: [SAVE_FIELD_MESSAGES.resourceId] },
      });
    },
  );

  it.each(["true", "false", 1, 0, null, undefined])("refuses to_save %j: only a JSON boolean", (toSave) => {
    expect(readJsonSaveRequest({ resource_id: 1, resource_type: "video", to_save: toSave })).toEqual({
      ok: false,
      errors: { to_save: [SAVE_FIELD_MESSAGES.toSave] },
    });
  });

  it.each(["Video", "podcast", "", "__proto__", 3])("refuses the type %j", (type) => {
    expect(readJsonSaveRequest({ resource_id: 1, resource_type: type, to_save: true })).toEqual({
      ok: false,
      errors: { resource_type: [SAVE_FIELD_MESSAGES.resourceType] },
    });
  });

  it.each([null, "text", [1, "video", true], 7])("reports every field for a body that is not an object (%j)", (body) => {
    const result = readJsonSaveRequest(body);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(["resource_id", "resource_type", "to_save"]);
  });
});

describe("readFormSaveRequest", () => {
  it("reads a form's text fields", () => {
    expect(readFormSaveRequest({ resource_id: "7", resource_type: "worksheet", to_save: "true", next: "/", _csrf: "x" })).toEqual({
      ok: true,
      value: { resourceId: 7, resourceType: "worksheet", toSave: true },
    });
    expect(readFormSaveRequest({ resource_id: "7", resource_type: "worksheet", to_save: "false" })).toMatchObject({ value: { toSave: false } });
  });

  it.each(["TRUE", "1", "on", ""])("refuses to_save %j", (toSave) => {
    expect(readFormSaveRequest({ resource_id: "7", resource_type: "worksheet", to_save: toSave })).toEqual({
      ok: false,
      errors: { to_save: [SAVE_FIELD_MESSAGES.toSave] },
    });
  });

  it("refuses a repeated field (an array) rather than picking one", () => {
    expect(readFormSaveRequest({ resource_id: ["7", "8"], resource_type: "worksheet", to_save: "true" })).toMatchObject({
      ok: false,
      errors: { resource_id: [SAVE_FIELD_MESSAGES.resourceId] },
    });
  });
});
