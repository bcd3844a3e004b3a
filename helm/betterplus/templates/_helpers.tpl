{{/*
Names: every object is named by its one component name (identity, billing, chat, notifications,
admin-reporting, web, gateway). Envoy's config reaches the services by those names, so there is no
release prefix: install one release per namespace.
*/}}

{{- define "betterplus.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "betterplus.namespace" -}}
{{- default .Release.Namespace .Values.namespaceOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "betterplus.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/*
The labels of every object, from this one helper. Call with (dict "context" $ "component" "identity").
With "selector" true it gives only the immutable subset used in selectors.
*/}}
{{- define "betterplus.labels" -}}
{{- $ctx := .context -}}
app.kubernetes.io/name: {{ include "betterplus.name" $ctx }}
app.kubernetes.io/instance: {{ $ctx.Release.Name }}
{{- with .component }}
app.kubernetes.io/component: {{ . }}
{{- end }}
{{- if not .selector }}
app.kubernetes.io/part-of: betterplus
app.kubernetes.io/version: {{ $ctx.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ $ctx.Release.Service }}
helm.sh/chart: {{ include "betterplus.chart" $ctx }}
{{- with $ctx.Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end }}
{{- end -}}

{{/* Metadata block shared by every object: (dict "context" $ "component" "identity" "name" "identity") */}}
{{- define "betterplus.metadata" -}}
name: {{ .name }}
namespace: {{ include "betterplus.namespace" .context }}
labels:
  {{- include "betterplus.labels" (dict "context" .context "component" .component) | nindent 2 }}
{{- with .context.Values.commonAnnotations }}
annotations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{/*
Image reference: (dict "context" $ "name" "identity" "image" $component.image).
The component's own repository/tag win; otherwise <image.registry>/<name>:<image.tag or appVersion>.
*/}}
{{- define "betterplus.image" -}}
{{- $ctx := .context -}}
{{- $own := .image | default dict -}}
{{- $registry := $ctx.Values.image.registry | trimSuffix "/" -}}
{{- $repository := $own.repository | default (ternary .name (printf "%s/%s" $registry .name) (empty $registry)) -}}
{{- $tag := $own.tag | default $ctx.Values.image.tag | default $ctx.Chart.AppVersion | toString -}}
{{- printf "%s:%s" $repository $tag -}}
{{- end -}}

{{/*
A service's values: its entry in .Values.services merged over .Values.serviceDefaults.
(dict "context" $ "values" $entry) -> YAML; use with fromYaml.
mergeOverwrite skips false and 0 in the override, so those switches are copied back by hand.
*/}}
{{- define "betterplus.serviceValues" -}}
{{- $own := deepCopy (.values | default dict) -}}
{{- $merged := mustMergeOverwrite (deepCopy .context.Values.serviceDefaults) (deepCopy $own) -}}
{{- range $key := list "enabled" "replicaCount" -}}
{{- if hasKey $own $key -}}{{- $_ := set $merged $key (get $own $key) -}}{{- end -}}
{{- end -}}
{{- range $probe := list "startupProbe" "livenessProbe" "readinessProbe" -}}
{{- $p := get $own $probe -}}
{{- if and (kindIs "map" $p) (hasKey ($p | default dict) "enabled") -}}{{- $_ := set (get $merged $probe) "enabled" $p.enabled -}}{{- end -}}
{{- end -}}
{{- toYaml $merged -}}
{{- end -}}

{{/* An HTTP probe on port http: (dict "probe" $values "path" "/healthz"); nothing when disabled. */}}
{{- define "betterplus.httpProbe" -}}
{{- if .probe.enabled -}}
httpGet:
  path: {{ .path }}
  port: http
{{ toYaml (omit .probe "enabled") }}
{{- end -}}
{{- end -}}

{{/*
Pod-level settings shared by every Deployment: (dict "context" $ "component" "identity").
Replicas of one component prefer different nodes.
*/}}
{{- define "betterplus.podSpec" -}}
{{- $ctx := .context -}}
automountServiceAccountToken: false
enableServiceLinks: false
affinity:
  podAntiAffinity:
    preferredDuringSchedulingIgnoredDuringExecution:
      - weight: 100
        podAffinityTerm:
          topologyKey: kubernetes.io/hostname
          labelSelector:
            matchLabels:
              {{- include "betterplus.labels" (dict "context" $ctx "component" .component "selector" true) | nindent 14 }}
{{- with $ctx.Values.image.pullSecrets }}
imagePullSecrets:
  {{- range . }}
  - name: {{ . }}
  {{- end }}
{{- end }}
securityContext:
  {{- toYaml $ctx.Values.podSecurityContext | nindent 2 }}
terminationGracePeriodSeconds: {{ $ctx.Values.shutdown.terminationGracePeriodSeconds }}
{{- end -}}

{{/*
The pause before a container is told to stop: endpoints and Envoy take a few seconds to stop
sending it requests, so it keeps serving meanwhile (the kubelet's own sleep: no shell needed).
*/}}
{{- define "betterplus.lifecycle" -}}
{{- if gt (int .Values.shutdown.preStopSleepSeconds) 0 -}}
lifecycle:
  preStop:
    sleep:
      seconds: {{ .Values.shutdown.preStopSleepSeconds }}
{{- end -}}
{{- end -}}

{{/* The /tmp emptyDir every container mounts (the root filesystem is read-only). */}}
{{- define "betterplus.tmpVolume" -}}
- name: tmp
  emptyDir:
    sizeLimit: {{ .Values.tmpVolume.sizeLimit }}
{{- end -}}

{{/*
Checks the values that have no safe default, and fails with every problem at once.
*/}}
{{- define "betterplus.validateValues" -}}
{{- $problems := list -}}
{{- if not .Values.secrets.existingSecret -}}
{{- $problems = append $problems "secrets.existingSecret: name the Secret holding the service credentials (see the chart README); the chart never creates secret values" -}}
{{- end -}}
{{- if not .Values.config.supportEmail -}}
{{- $problems = append $problems "config.supportEmail: set the address that receives contact-form messages" -}}
{{- end -}}
{{- if not .Values.config.publicUrl -}}
{{- $problems = append $problems "config.publicUrl: set the product's public address (https://...), used in links in emails" -}}
{{- end -}}
{{- $fromSecret := .Values.secrets.commonEnv | default dict -}}
{{- range $setting := list (list "kafkaBrokers" "KAFKA_BROKERS") (list "redisUrl" "REDIS_URL") -}}
{{- $value := get $.Values.config (index $setting 0) -}}
{{- $inSecret := hasKey $fromSecret (index $setting 1) -}}
{{- if and (not $value) (not $inSecret) -}}
{{- $problems = append $problems (printf "config.%s: required (or give %s through secrets.commonEnv)" (index $setting 0) (index $setting 1)) -}}
{{- else if and $value $inSecret -}}
{{- $problems = append $problems (printf "config.%s and secrets.commonEnv.%s: set only one" (index $setting 0) (index $setting 1)) -}}
{{- end -}}
{{- end -}}
{{- if $problems -}}
{{- fail (printf "\n\nVALUES VALIDATION:\n  %s\n" (join "\n  " $problems)) -}}
{{- end -}}
{{- end -}}
