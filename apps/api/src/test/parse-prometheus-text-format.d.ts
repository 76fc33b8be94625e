// The parser the metrics test reads /metrics with (it ships no types): prom2json's shape.
declare module 'parse-prometheus-text-format' {
  type Labels = Record<string, string>;
  export type MetricFamily = {
    name: string;
    help: string;
    type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
    metrics: {
      labels?: Labels;
      value?: string;
      buckets?: Record<string, string>;
      count?: string;
      sum?: string;
    }[];
  };
  export default function parsePrometheusTextFormat(text: string): MetricFamily[];
}
