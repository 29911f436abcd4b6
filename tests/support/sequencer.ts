import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Vitest's order (failed, then slowest, from its cache; largest files on a fresh clone), with the
 * static checks first: lint is the longest single job, and started first it runs beside every
 * other file instead of after them.
 */
export default class ChecksFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isCheck = (file: TestSpecification) => file.project.name === 'checks';
    return [...sorted.filter(isCheck), ...sorted.filter((file) => !isCheck(file))];
  }
}
