import { describe, expect, it } from 'vitest';
import { authorWindow, searchWindow, topicWindow } from '../../../../../src/app/components/pagination/windows.ts';

describe('topicWindow, the topic listing\'s pager: up to 5 page numbers around the current page, cut at either end', () => {
  it('is cut, not shifted, at the first page', () => {
    expect(topicWindow(1, 12)).toEqual([1, 2, 3]);
    expect(topicWindow(2, 12)).toEqual([1, 2, 3, 4]);
  });
  it('is centred in the middle', () => {
    expect(topicWindow(6, 12)).toEqual([4, 5, 6, 7, 8]);
  });
  it('is cut, not shifted, at the last page', () => {
    expect(topicWindow(12, 12)).toEqual([10, 11, 12]);
    expect(topicWindow(11, 12)).toEqual([9, 10, 11, 12]);
  });
  it('handles fewer than 5, exactly 5, one and 0 pages', () => {
    expect(topicWindow(2, 3)).toEqual([1, 2, 3]);
    expect(topicWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(topicWindow(1, 5)).toEqual([1, 2, 3]);
    expect(topicWindow(1, 1)).toEqual([1]);
    expect(topicWindow(1, 0)).toEqual([]);
  });
  it('clamps a stale page beyond the end', () => {
    expect(topicWindow(40, 12)).toEqual([10, 11, 12]);
  });
});

describe('authorWindow, the author page\'s pager: 5 page numbers, shifted to end at the last page', () => {
  it('starts at 1 on the first pages', () => {
    expect(authorWindow(1, 12)).toEqual([1, 2, 3, 4, 5]);
    expect(authorWindow(2, 12)).toEqual([1, 2, 3, 4, 5]);
  });
  it('is centred in the middle', () => {
    expect(authorWindow(6, 12)).toEqual([4, 5, 6, 7, 8]);
  });
  it('ends at the last page: last 12, current 11 -> 8..12', () => {
    expect(authorWindow(11, 12)).toEqual([8, 9, 10, 11, 12]);
    expect(authorWindow(12, 12)).toEqual([8, 9, 10, 11, 12]);
  });
  it('handles fewer than 5, exactly 5, one and 0 pages', () => {
    expect(authorWindow(3, 3)).toEqual([1, 2, 3]);
    expect(authorWindow(1, 3)).toEqual([1, 2, 3]);
    expect(authorWindow(5, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(authorWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(authorWindow(1, 1)).toEqual([1]);
    expect(authorWindow(1, 0)).toEqual([]);
  });
});

describe('searchWindow, the search results\' pager: 5 page numbers centred on the current page, not shifted back near the end', () => {
  it('runs forward from page 1', () => {
    expect(searchWindow(1, 10)).toEqual([1, 2, 3, 4, 5]);
    expect(searchWindow(2, 10)).toEqual([1, 2, 3, 4, 5]);
  });
  it('is centred in the middle', () => {
    expect(searchWindow(5, 10)).toEqual([3, 4, 5, 6, 7]);
  });
  it('is not shifted back at the end: total 10, current 10 -> 8, 9, 10', () => {
    expect(searchWindow(10, 10)).toEqual([8, 9, 10]);
    expect(searchWindow(9, 10)).toEqual([7, 8, 9, 10]);
  });
  it('handles fewer than 5, exactly 5, one and 0 pages', () => {
    expect(searchWindow(3, 3)).toEqual([1, 2, 3]);
    expect(searchWindow(5, 5)).toEqual([3, 4, 5]);
    expect(searchWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(searchWindow(1, 1)).toEqual([1]);
    expect(searchWindow(1, 0)).toEqual([]);
  });
});
