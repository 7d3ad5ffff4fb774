// The one SkillChips lives in @referio/shared (domain/skills). This re-export only keeps the import of the
// referrer's RequestCard, which moves to shared/src/domain/requests in a parallel change; delete it then.
export { SkillChips, type SkillChipsProps } from '@referio/shared';
