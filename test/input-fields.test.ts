import { Field, InputType } from 'type-graphql';
import { copyDeclaredFields, declaredFields } from '../src/common/input-fields';
import { scopeToTenant } from '../src/db/tenant-filter';
import { Employee } from '../src/modules/employee/employee.entity';
import { EmployeeInput, EmployeeUpdateInput } from '../src/modules/employee/employee.inputs';
import { orgWithAdmin } from './helpers/fixtures';
import { startTestApp, type TestApp } from './helpers/test-app';

// Updates copy what the input class declares: no hand-kept list of fields that a new field could miss.
@InputType('ScratchEmployeeChange')
class ScratchEmployeeChange {
  @Field(() => String, { nullable: true })
  title?: string | null;

  @Field(() => String, { nullable: true })
  department?: string | null;

  @Field(() => String, { nullable: true })
  name?: string | null;
}

@InputType('ScratchEmployeeUnknown')
class ScratchEmployeeUnknown extends ScratchEmployeeChange {
  @Field(() => String, { nullable: true })
  nickname?: string;
}

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

describe('fields copied from the input class', () => {
  it('reads the fields an input declares, its base classes included', () => {
    expect([...declaredFields(EmployeeUpdateInput)].sort()).toEqual([
      'account',
      'active',
      'department',
      'email',
      'location',
      'manager',
      'name',
      'startDate',
      'title',
    ]);
    expect([...declaredFields(ScratchEmployeeUnknown)].sort()).toEqual(['department', 'name', 'nickname', 'title']);
  });

  it('saves a field of a scratch input with no list naming it; clears with "", keeps a required field on null', async () => {
    const { org, admin } = await orgWithAdmin(t);
    const made = await t.api.post<{ id: string }>(
      '/api/v1/employee',
      { name: 'Scratch Person', department: 'Before' },
      admin.token,
    );
    expect(made.status).toBe(201);
    const em = t.app.db.orm.em.fork();
    scopeToTenant(em, org.id);
    const employee = await em.findOneOrFail(Employee, made.body.id);
    copyDeclaredFields(
      employee,
      { title: 'Scratch title', department: '', name: null },
      ScratchEmployeeChange,
      em.getMetadata().get(Employee),
    );
    await em.flush();

    const read = await t.api.get<{ title: string | null; department: string | null; name: string }>(
      `/api/v1/employee/${made.body.id}`,
      admin.token,
    );
    expect(read.body).toMatchObject({ title: 'Scratch title', department: null, name: 'Scratch Person' });
  });

  it('fails loudly on a declared field the entity does not store, instead of dropping it', async () => {
    const em = t.app.db.orm.em.fork();
    expect(() =>
      copyDeclaredFields(
        new Employee(),
        { nickname: 'Scratchy' },
        ScratchEmployeeUnknown,
        em.getMetadata().get(Employee),
      ),
    ).toThrow('ScratchEmployeeUnknown.nickname has no property of Employee to be saved in');
  });

  it('stores every field the employee inputs declare', () => {
    const stored = t.app.db.orm.em.getMetadata().get(Employee).properties as Record<string, unknown>;
    for (const input of [EmployeeInput, EmployeeUpdateInput])
      for (const field of declaredFields(input))
        expect(`${input.name}.${field}: ${field in stored}`).toBe(`${input.name}.${field}: true`);
  });
});
