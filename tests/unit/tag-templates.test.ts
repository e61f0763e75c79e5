import { describe, expect, it } from 'vitest';
import { tagTemplateWarning, templatePattern } from '../../src/schemas/entities/tag-templates';

describe('tag templates', () => {
  const equipment = '{area}-{type}-{seq}{suffix}';
  it('accept tags that follow them, with the row’s own area, type, letters and loop', () => {
    expect(tagTemplateWarning('200-PP-001A', equipment, { area: '200', type: 'PP' })).toBeNull();
    expect(tagTemplateWarning('200-PP-001', equipment, { area: '200' })).toBeNull();
    expect(
      tagTemplateWarning('200-FIT-105', '{area}-{letters}-{loop}{suffix}', {
        area: '200',
        letters: 'FIT',
        loop: '105',
      }),
    ).toBeNull();
    expect(tagTemplateWarning('200-FIT-105-I-01', '{from}-{type}-{seq}', { from: '200-FIT-105' })).toBeNull();
  });
  it('warn on a tag of another area, type or shape, naming the template', () => {
    expect(tagTemplateWarning('300-PP-001', equipment, { area: '200', type: 'PP' })).toBe(
      "300-PP-001 does not follow the project's template {area}-{type}-{seq}{suffix}: save again to keep it",
    );
    expect(tagTemplateWarning('200-CV-001', equipment, { area: '200', type: 'PP' })).not.toBeNull();
    expect(tagTemplateWarning('200-PP-1', equipment, { area: '200' })).not.toBeNull();
    expect(
      tagTemplateWarning('200-FIT-105', '{area}-{letters}-{loop}{suffix}', { area: '200', letters: 'PIT' }),
    ).not.toBeNull();
  });
  it('read every other character literally, and check nothing without a template', () => {
    expect(templatePattern('P.{seq}', {}).test('P.12')).toBe(true);
    expect(templatePattern('P.{seq}', {}).test('PX12')).toBe(false);
    expect(tagTemplateWarning('anything', '', {})).toBeNull();
    expect(tagTemplateWarning('anything', null, {})).toBeNull();
  });
});
