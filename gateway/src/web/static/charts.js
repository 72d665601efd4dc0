// The trial's charts: explored and covered fraction over simulated time, and radio messages per
// simulated second, from GET api/trial/samples (the trial's own metrics series, polled for the
// samples after the last one held). Drawn by uPlot, served by the gateway from its install.
import uPlot from './uPlot.esm.js';

const HEIGHT = 110;

function plot(element, series, yRange) {
  const options = {
    width: Math.max(200, element.clientWidth),
    height: HEIGHT,
    legend: { show: true },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: false }, ...(yRange ? { y: { range: yRange } } : {}) },
    axes: [{ label: 'sim s', size: 30, labelSize: 14 }, { size: 44 }],
    series: [{ label: 'sim s' }, ...series],
  };
  return new uPlot(options, [[], ...series.map(() => [])], element);
}

export class TrialCharts {
  /** @param {HTMLElement} progressEl @param {HTMLElement} messagesEl */
  constructor(progressEl, messagesEl) {
    this.progress = plot(
      progressEl,
      [
        { label: 'explored', stroke: '#2563eb', width: 2 },
        { label: 'covered', stroke: '#16a34a', width: 2 },
      ],
      [0, 1],
    );
    this.messages = plot(messagesEl, [{ label: 'messages/s', stroke: '#ea580c', width: 2 }]);
    this.reset();
    new ResizeObserver(() => {
      this.progress.setSize({ width: Math.max(200, progressEl.clientWidth), height: HEIGHT });
      this.messages.setSize({ width: Math.max(200, messagesEl.clientWidth), height: HEIGHT });
    }).observe(progressEl.parentElement);
  }

  /** A new trial: its ticks start again from 0. */
  reset() {
    this.lastTick = -1;
    this.lastSent = null;
    this.series = { t: [], explored: [], covered: [], tRate: [], rate: [] };
    this.redraw();
  }

  async poll() {
    const response = await fetch(`api/trial/samples?after=${this.lastTick}`);
    if (!response.ok) return;
    const { tickS, samples } = await response.json();
    if (samples.length === 0) return;
    const s = this.series;
    for (const sample of samples) {
      const t = sample.tick * tickS;
      if (this.lastSent !== null && sample.tick > this.lastTick) {
        s.tRate.push(t);
        s.rate.push((sample.messagesSent - this.lastSent) / ((sample.tick - this.lastTick) * tickS));
      }
      s.t.push(t);
      s.explored.push(sample.exploredFraction);
      s.covered.push(sample.coveredFraction);
      this.lastTick = sample.tick;
      this.lastSent = sample.messagesSent;
    }
    this.redraw();
  }

  redraw() {
    const s = this.series;
    this.progress.setData([s.t, s.explored, s.covered]);
    this.messages.setData([s.tRate, s.rate]);
    document.body.dataset.chartSamples = String(s.t.length);
  }
}
