import { describe, expect, it } from 'vitest';
import {
  changedValues,
  fieldError,
  formFieldNames,
  formSections,
  isFullWidth,
  requiredLabel,
  savedMessage,
  validateForm,
  withPendingEdits,
  writableValues,
} from '../../src/forms/form-model';
import {
  clients,
  itemCategories,
  lithiumProjects,
  projects,
  suppliers,
} from '../../src/schemas/entities/business-entities';
import { defineEntity } from '../../src/schemas/schema-types';

const requests = defineEntity({
  name: 'requests',
  label: 'Request',
  labelPlural: 'Requests',
  labelField: 'description',
  key: ['description'],
  writeRole: 'engineer',
  defaultSort: { field: 'id', direction: 'desc' },
  fields: [
    { name: 'request_type_id', label: 'Request Type', kind: 'lookup', entity: 'request_types', required: true },
    { name: 'module_id', label: 'Module', kind: 'lookup', entity: 'request_modules', required: true },
    { name: 'description', label: 'Description', kind: 'longText', required: true },
    { name: 'screenshot_url', label: 'Screenshot', kind: 'text' },
  ],
});

describe('labels', () => {
  it("marks required fields with ' *' exactly", () => {
    expect(requests.fields.map(requiredLabel)).toEqual(['Request Type *', 'Module *', 'Description *', 'Screenshot']);
  });
});

describe('formSections', () => {
  it('groups by form.section in order of first appearance and orders by form.order', () => {
    const sections = formSections(clients);
    expect(sections.map((s) => s.title)).toEqual(['Client', 'Location', 'Contact', 'Notes']);
    expect(sections[0]!.fields.map((f) => f.name)).toEqual(['name', 'short_name', 'sector', 'active']);
    expect(sections[1]!.fields.map((f) => f.name)).toEqual(['country', 'city', 'address']);
  });

  it('puts fields without a section first, without a heading, in schema order after ordered ones', () => {
    const sections = formSections(itemCategories);
    expect(sections).toHaveLength(1);
    expect(sections[0]!.title).toBe('');
    expect(sections[0]!.fields.map((f) => f.name)).toEqual(['code', 'name', 'tier', 'parent_id', 'description']);
  });

  it('renders a chosen part: fields or sections, and can hide read-only fields', () => {
    expect(formFieldNames(suppliers, { sections: ['Commercial'] })).toEqual([
      'currency_id',
      'payment_terms',
      'lead_time_weeks',
      'rating',
    ]);
    expect(formFieldNames(clients, { fields: ['city', 'name'] })).toEqual(['name', 'city']);
    expect(formFieldNames(projects, { hideReadOnlyFields: true })).not.toContain('isdirty');
    expect(formFieldNames(projects)).toContain('isdirty');
  });

  it('honours fullWidth, and long texts span the row by default', () => {
    const byName = (name: string) => clients.fields.find((f) => f.name === name)!;
    expect(isFullWidth(byName('address'))).toBe(true);
    expect(isFullWidth(byName('city'))).toBe(false);
    expect(isFullWidth(requests.fields[2]!)).toBe(true);
  });
});

describe('validation (the server validators)', () => {
  it('answers the message of one field as the user leaves it', () => {
    const field = (name: string) => lithiumProjects.fields.find((f) => f.name === name)!;
    expect(fieldError(field('project'), '   ')).toBe('Required');
    expect(fieldError(field('project'), null)).toBe('Required');
    expect(fieldError(field('latitude'), '91')).toBe('Must be between -90 and 90');
    expect(fieldError(field('latitude'), 'abc')).toBe('Must be a number');
    expect(fieldError(field('start_year'), 'abc')).toBe('Must be a whole number');
    expect(fieldError(field('capex_usd'), '1.234')).toBe('At most 2 decimal places');
    expect(fieldError(field('latitude'), '45.5')).toBeUndefined();
    expect(fieldError(field('region'), null)).toBeUndefined();
    const email = clients.fields.find((f) => f.name === 'contact_email')!;
    expect(fieldError(email, 'nope')).toBe('Must be an email address, e.g. name@example.com');
  });

  it('validates the whole form as a new row, or only the fields a partial form shows', () => {
    const value = { ...writableValues(requests, null), description: 'It breaks' };
    expect(validateForm(requests, value)).toEqual({ request_type_id: 'Required', module_id: 'Required' });
    expect(validateForm(requests, value, ['description'])).toEqual({});
    expect(validateForm(requests, { ...value, request_type_id: 1, module_id: 2 })).toEqual({});
    // Meta columns of a loaded row do not count as unknown fields.
    expect(
      validateForm(requests, {
        id: 5,
        version: 2,
        created_at: 'x',
        request_type_id: 1,
        module_id: 2,
        description: 'x',
      }),
    ).toEqual({});
  });

  it('starts a new row from the defaults, and an existing one from its writable values', () => {
    expect(writableValues(clients, null)).toMatchObject({ name: null, active: true, sector: null });
    expect(writableValues(projects, { id: 1, version: 3, name: 'P', isdirty: true })).not.toHaveProperty('isdirty');
    expect(writableValues(projects, { id: 1, version: 3, name: 'P' })).not.toHaveProperty('id');
  });

  it('sends only changed fields on update', () => {
    const original = {
      id: 1,
      version: 1,
      name: 'Acme',
      city: null,
      active: true,
      contact_email: '',
      is_testdata: false,
    };
    expect(changedValues(clients, original, { ...writableValues(clients, original), city: 'Perth' })).toEqual({
      city: 'Perth',
    });
    expect(changedValues(clients, original, writableValues(clients, original))).toEqual({});
  });

  it("opens an existing row with the grid's pending edits of the fields it shows, and saves them with the user's own changes", () => {
    const saved = { id: 12, version: 1, name: 'Supplier 12', vendor_code: 'V-12', city: 'Town 12', phone: '1' };
    const pending = { city: 'Grid City', phone: '2', id: 99 };
    const shown = formFieldNames(suppliers, { sections: ['Supplier', 'Location'] });
    const start = withPendingEdits(suppliers, saved, pending, shown);
    // Phone is not shown by this partial form: it stays as saved (and pending in the grid); meta columns are never taken.
    expect(start).toMatchObject({ name: 'Supplier 12', city: 'Grid City', phone: '1' });
    expect(start).not.toHaveProperty('id');
    expect(changedValues(suppliers, writableValues(suppliers, saved), { ...start, vendor_code: 'V-12B' })).toEqual({
      city: 'Grid City',
      vendor_code: 'V-12B',
    });
    expect(withPendingEdits(suppliers, saved, undefined, shown)).toEqual(writableValues(suppliers, saved));
    expect(withPendingEdits(suppliers, null, pending, shown)).toEqual(writableValues(suppliers, null));
  });

  it('names the saved row by its label field in the snackbar, else by its id', () => {
    expect(savedMessage(suppliers, { id: 12, name: 'Supplier 12' })).toBe('Saved Supplier 12');
    expect(savedMessage(suppliers, { id: 12, name: null })).toBe('Saved Supplier #12');
  });

  it('saves a text edit that only looks like the same number, and not a decimal written another way', () => {
    const original = { id: 1, version: 1, project: '1.50', capex_usd: '1250000.00' };
    expect(changedValues(lithiumProjects, original, { project: '1.5', capex_usd: '1250000' })).toEqual({
      project: '1.5',
    });
  });
});
