// Adding a table or a service (seeding and the control's addTable/addService share these domain
// functions): a branch or zone must be the project's own, and a table without a position goes last.
import { describe, expect, it } from 'vitest';
import { addService, addTable, ForeignReferenceError } from '../../src/domain/catalog';
import { createTestDomain } from '../support/domain';

const table = (
  id: string,
  fields: { branchId?: string | null; zoneId?: string | null; position?: number } = {},
) => ({
  id,
  name: id,
  label: null,
  capacity: 4,
  branchId: null,
  zoneId: null,
  visualX: null,
  visualY: null,
  visualWidth: null,
  visualHeight: null,
  visualRotation: null,
  visualShape: null,
  isActive: true,
  ...fields,
});
const service = (id: string, branchId: string | null) => ({
  id,
  name: id,
  description: null,
  duration: 60,
  price: 100,
  currency: 'CZK' as const,
  branchId,
  isActive: true,
});

describe('adding tables and services to a project', () => {
  it('puts a table without a position after the project’s tables, and keeps a given one', async () => {
    const { ctx, project } = await createTestDomain();
    const bistro = project();
    const count = ctx.store.tables.all().filter((t) => t.projectId === bistro.id).length;
    expect((await addTable(ctx.store, bistro, table('tbl_new_1'))).position).toBe(count + 1);
    expect((await addTable(ctx.store, bistro, table('tbl_new_2', { position: 40 }))).position).toBe(40);
  });

  it('refuses another project’s (or an unknown) branch or zone and writes nothing', async () => {
    const { ctx, project } = await createTestDomain();
    const bistro = project();
    const foreignBranch = ctx.store.branches.all().find((b) => b.projectId !== bistro.id);
    const before = ctx.store.tables.all().length;
    const beforeServices = ctx.store.services.all().length;
    await expect(addTable(ctx.store, bistro, table('tbl_x', { branchId: 'br_nowhere' }))).rejects.toThrow(
      new ForeignReferenceError(`Unknown branch "br_nowhere" in ${bistro.slug}`),
    );
    await expect(addTable(ctx.store, bistro, table('tbl_y', { zoneId: 'zone_nowhere' }))).rejects.toThrow(
      ForeignReferenceError,
    );
    await expect(addService(ctx.store, bistro, service('svc_x', 'br_nowhere'))).rejects.toThrow(
      ForeignReferenceError,
    );
    if (foreignBranch) {
      await expect(addService(ctx.store, bistro, service('svc_y', foreignBranch.id))).rejects.toThrow(
        `Unknown branch "${foreignBranch.id}" in ${bistro.slug}`,
      );
    }
    expect(ctx.store.tables.all().length).toBe(before);
    expect(ctx.store.services.all().length).toBe(beforeServices);
  });
});
