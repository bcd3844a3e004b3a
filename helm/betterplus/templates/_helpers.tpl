{{/*
Names: every workload is named by its one component name (identity, billing, chat, notifications,
admin-reporting, web, gateway). Envoy's config reaches the services by those names, so there is no
release prefix on them: install one release per namespace. Chart-wide objects (the topics Job,
monitors, rules, dashboards) take the Bitnami-style fullname.
*/}}

{{- define "betterplus.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "betterplus.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "betterplus.namespace" -}}
{{- default .Release.Namespace .Values.namespaceOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "betterplus.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/*
The labels of every object: (dict "context" $ "component" "identity").
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

{{/*
Metadata of every object: (dict "context" $ "component" "identity" "name" "identity"), optional
"namespace", "labels" and "annotations" (merged over commonAnnotations).
*/}}
{{- define "betterplus.metadata" -}}
name: {{ .name }}
namespace: {{ .namespace | default (include "betterplus.namespace" .context) }}
labels:
  {{- include "betterplus.labels" (dict "context" .context "component" .component) | nindent 2 }}
  {{- with .labels }}
  {{- toYaml . | nindent 2 }}
  {{- end }}
{{- with merge (dict) (.annotations | default dict) (.context.Values.commonAnnotations | default dict) }}
annotations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{/*
Image reference: (dict "context" $ "name" "identity" "image" $component.image).
global.imageRegistry wins, then the component's own values, then the chart-wide image.*.
*/}}
{{- define "betterplus.image" -}}
{{- $ctx := .context -}}
{{- $own := .image | default dict -}}
{{- $registry := $ctx.Values.global.imageRegistry | default $own.registry | default $ctx.Values.image.registry | trimSuffix "/" -}}
{{- $repository := $own.repository | default .name -}}
{{- $ref := ternary $repository (printf "%s/%s" $registry $repository) (empty $registry) -}}
{{- $tag := $own.tag | default $ctx.Values.image.tag | default $ctx.Chart.AppVersion | toString -}}
{{- $digest := $own.digest | default $ctx.Values.image.digest -}}
{{- if $digest -}}
{{- printf "%s:%s@%s" $ref $tag $digest -}}
{{- else -}}
{{- printf "%s:%s" $ref $tag -}}
{{- end -}}
{{- end -}}

{{/*
Copies back what mergeOverwrite skips: false, 0, "" and empty lists or maps set in the override
(an empty map clears a default, e.g. `resources: {}` to use a preset). (dict "dst" $merged "src" $own)
*/}}
{{- define "betterplus.copyEmpty" -}}
{{- $dst := .dst -}}
{{- range $key, $value := .src -}}
{{- if and (kindIs "map" $value) $value (kindIs "map" (get $dst $key)) -}}
{{- include "betterplus.copyEmpty" (dict "dst" (get $dst $key) "src" $value) -}}
{{- else if not $value -}}
{{- $_ := set $dst $key $value -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/*
A service's values: its entry in .Values.services over .Values.serviceDefaults.
(dict "context" $ "values" $entry) -> YAML; use with fromYaml. A service's own resourcesPreset
beats the defaults' explicit resources.
*/}}
{{- define "betterplus.serviceValues" -}}
{{- $own := deepCopy (.values | default dict) -}}
{{- $merged := mustMergeOverwrite (deepCopy .context.Values.serviceDefaults) (deepCopy $own) -}}
{{- include "betterplus.copyEmpty" (dict "dst" $merged "src" $own) -}}
{{- if and $own.resourcesPreset (not $own.resources) -}}
{{- $_ := set $merged "resources" dict -}}
{{- end -}}
{{- toYaml $merged -}}
{{- end -}}

{{/*
Every enabled component, as {"components": [{name, kind, values}]} in YAML (use with fromYaml):
the five services (values merged over serviceDefaults), web and the gateway.
*/}}
{{- define "betterplus.components" -}}
{{- $components := list -}}
{{- range $name, $entry := .Values.services -}}
{{- $svc := include "betterplus.serviceValues" (dict "context" $ "values" $entry) | fromYaml -}}
{{- if $svc.enabled -}}
{{- $components = append $components (dict "name" $name "kind" "service" "values" $svc) -}}
{{- end -}}
{{- end -}}
{{- if .Values.web.enabled -}}
{{- $components = append $components (dict "name" "web" "kind" "web" "values" .Values.web) -}}
{{- end -}}
{{- $components = append $components (dict "name" "gateway" "kind" "gateway" "values" .Values.gateway) -}}
{{- toYaml (dict "components" $components) -}}
{{- end -}}

{{/* Names of the enabled services (not web or gateway), as a YAML list. */}}
{{- define "betterplus.serviceNames" -}}
{{- $names := list -}}
{{- range (include "betterplus.components" . | fromYaml).components -}}
{{- if eq .kind "service" -}}{{- $names = append $names .name -}}{{- end -}}
{{- end -}}
{{- toYaml $names -}}
{{- end -}}

{{/* Bitnami's resource presets: (dict "type" "small"). */}}
{{- define "betterplus.resourcesPreset" -}}
{{- $presets := dict
  "nano" (dict "requests" (dict "cpu" "100m" "memory" "128Mi" "ephemeral-storage" "50Mi") "limits" (dict "cpu" "150m" "memory" "192Mi" "ephemeral-storage" "2Gi"))
  "micro" (dict "requests" (dict "cpu" "250m" "memory" "256Mi" "ephemeral-storage" "50Mi") "limits" (dict "cpu" "375m" "memory" "384Mi" "ephemeral-storage" "2Gi"))
  "small" (dict "requests" (dict "cpu" "500m" "memory" "512Mi" "ephemeral-storage" "50Mi") "limits" (dict "cpu" "750m" "memory" "768Mi" "ephemeral-storage" "2Gi"))
  "medium" (dict "requests" (dict "cpu" "500m" "memory" "1024Mi" "ephemeral-storage" "50Mi") "limits" (dict "cpu" "750m" "memory" "1536Mi" "ephemeral-storage" "2Gi"))
  "large" (dict "requests" (dict "cpu" "1.0" "memory" "2048Mi" "ephemeral-storage" "50Mi") "limits" (dict "cpu" "1.5" "memory" "3072Mi" "ephemeral-storage" "2Gi"))
  "xlarge" (dict "requests" (dict "cpu" "1.0" "memory" "3072Mi" "ephemeral-storage" "50Mi") "limits" (dict "cpu" "3.0" "memory" "6144Mi" "ephemeral-storage" "2Gi"))
  "2xlarge" (dict "requests" (dict "cpu" "1.0" "memory" "3072Mi" "ephemeral-storage" "50Mi") "limits" (dict "cpu" "6.0" "memory" "12288Mi" "ephemeral-storage" "2Gi"))
-}}
{{- if hasKey $presets .type -}}
{{- toYaml (get $presets .type) -}}
{{- else -}}
{{- fail (printf "resourcesPreset %q is not one of: %s" .type (join ", " (keys $presets | sortAlpha))) -}}
{{- end -}}
{{- end -}}

{{/* A container's resources: explicit resources, else the preset. (dict "values" $component) */}}
{{- define "betterplus.resources" -}}
{{- if .values.resources -}}
{{- toYaml .values.resources -}}
{{- else if .values.resourcesPreset -}}
{{- include "betterplus.resourcesPreset" (dict "type" .values.resourcesPreset) -}}
{{- end -}}
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

{{/* A TCP probe on port http, for nginx and Envoy liveness: (dict "probe" $values). */}}
{{- define "betterplus.tcpProbe" -}}
{{- if .probe.enabled -}}
tcpSocket:
  port: http
{{ toYaml (omit .probe "enabled") }}
{{- end -}}
{{- end -}}

{{- define "betterplus.containerSecurityContext" -}}
{{- if .Values.containerSecurityContext.enabled -}}
securityContext:
  {{- toYaml (omit .Values.containerSecurityContext "enabled") | nindent 2 }}
{{- end -}}
{{- end -}}

{{/* The ServiceAccount a component's pods use: (dict "name" "identity" "values" $component). */}}
{{- define "betterplus.serviceAccountName" -}}
{{- if .values.serviceAccount.create -}}
{{- .values.serviceAccount.name | default .name -}}
{{- else -}}
{{- .values.serviceAccount.name | default "default" -}}
{{- end -}}
{{- end -}}

{{- define "betterplus.imagePullSecrets" -}}
{{- $secrets := concat (.Values.global.imagePullSecrets | default list) (.Values.image.pullSecrets | default list) | uniq -}}
{{- with $secrets -}}
imagePullSecrets:
  {{- range . }}
  - name: {{ . }}
  {{- end }}
{{- end -}}
{{- end -}}

{{/*
Scheduling of a component's pods: (dict "context" $ "component" "identity" "values" $component).
An explicit affinity replaces the anti-affinity preset; explicit topologySpreadConstraints replace
the chart's spread over topologySpread.topologyKeys.
*/}}
{{- define "betterplus.scheduling" -}}
{{- $ctx := .context -}}
{{- $v := .values -}}
{{- $selector := include "betterplus.labels" (dict "context" $ctx "component" .component "selector" true) | fromYaml -}}
{{- with $v.priorityClassName }}
priorityClassName: {{ . }}
{{- end }}
{{- with $v.nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with $v.tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- if $v.affinity }}
affinity:
  {{- toYaml $v.affinity | nindent 2 }}
{{- else if eq $v.podAntiAffinityPreset "soft" }}
affinity:
  podAntiAffinity:
    preferredDuringSchedulingIgnoredDuringExecution:
      - weight: 100
        podAffinityTerm:
          topologyKey: kubernetes.io/hostname
          labelSelector:
            matchLabels:
              {{- toYaml $selector | nindent 14 }}
{{- else if eq $v.podAntiAffinityPreset "hard" }}
affinity:
  podAntiAffinity:
    requiredDuringSchedulingIgnoredDuringExecution:
      - topologyKey: kubernetes.io/hostname
        labelSelector:
          matchLabels:
            {{- toYaml $selector | nindent 12 }}
{{- end }}
{{- if $v.topologySpreadConstraints }}
topologySpreadConstraints:
  {{- toYaml $v.topologySpreadConstraints | nindent 2 }}
{{- else if $ctx.Values.topologySpread.enabled }}
topologySpreadConstraints:
  {{- range $ctx.Values.topologySpread.topologyKeys }}
  - topologyKey: {{ . }}
    maxSkew: {{ $ctx.Values.topologySpread.maxSkew }}
    whenUnsatisfiable: {{ $ctx.Values.topologySpread.whenUnsatisfiable }}
    labelSelector:
      matchLabels:
        {{- toYaml $selector | nindent 8 }}
    matchLabelKeys:
      - pod-template-hash
  {{- end }}
{{- end }}
{{- end -}}

{{/*
The one Deployment of every component: (dict "context" $ "component" "identity" "values" $component
"containers" YAML "volumes" YAML "annotations" dict). The containers and volumes are the only parts
that differ between the services, web and the gateway.
*/}}
{{- define "betterplus.deployment" -}}
{{- $ctx := .context -}}
{{- $v := .values -}}
apiVersion: apps/v1
kind: Deployment
metadata:
  {{- include "betterplus.metadata" (dict "context" $ctx "component" .component "name" .component) | nindent 2 }}
spec:
  {{- if not $v.autoscaling.enabled }}
  replicas: {{ $v.replicaCount }}
  {{- end }}
  revisionHistoryLimit: 5
  strategy:
    type: RollingUpdate
    rollingUpdate:
      maxSurge: 25%
      maxUnavailable: 0
  selector:
    matchLabels:
      {{- include "betterplus.labels" (dict "context" $ctx "component" .component "selector" true) | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "betterplus.labels" (dict "context" $ctx "component" .component) | nindent 8 }}
        {{- with $v.podLabels }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
      {{- with merge (dict) (.annotations | default dict) ($v.podAnnotations | default dict) }}
      annotations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
    spec:
      serviceAccountName: {{ include "betterplus.serviceAccountName" (dict "name" .component "values" $v) }}
      automountServiceAccountToken: {{ $v.serviceAccount.automountServiceAccountToken }}
      enableServiceLinks: false
      {{- with include "betterplus.imagePullSecrets" $ctx }}
      {{- . | trim | nindent 6 }}
      {{- end }}
      {{- if $ctx.Values.podSecurityContext.enabled }}
      securityContext:
        {{- toYaml (omit $ctx.Values.podSecurityContext "enabled") | nindent 8 }}
      {{- end }}
      {{- with include "betterplus.scheduling" (dict "context" $ctx "component" .component "values" $v) }}
      {{- . | trim | nindent 6 }}
      {{- end }}
      terminationGracePeriodSeconds: {{ $ctx.Values.shutdown.terminationGracePeriodSeconds }}
      containers:
        {{- .containers | nindent 8 }}
      volumes:
        - name: tmp
          emptyDir:
            sizeLimit: {{ $ctx.Values.tmpVolume.sizeLimit }}
        {{- with .volumes }}
        {{- . | trim | nindent 8 }}
        {{- end }}
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

{{/* Egress rules as NetworkPolicyEgressRule YAML: (dict "to" $peers "ports" $ports). */}}
{{- define "betterplus.egressRule" -}}
- ports:
    {{- toYaml .ports | nindent 4 }}
  {{- with .to }}
  to:
    {{- toYaml . | nindent 4 }}
  {{- end }}
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
{{- if and .Values.kafkaTopics.enabled .Values.kafkaTopics.strimzi.enabled -}}
{{- $problems = append $problems "kafkaTopics.enabled and kafkaTopics.strimzi.enabled: let either the Job or Strimzi's Topic Operator own the topics, not both" -}}
{{- end -}}
{{- if and .Values.kafkaTopics.strimzi.enabled (not .Values.kafkaTopics.strimzi.clusterName) -}}
{{- $problems = append $problems "kafkaTopics.strimzi.clusterName: name the Strimzi Kafka cluster the topics belong to" -}}
{{- end -}}
{{- if $problems -}}
{{- fail (printf "\n\nVALUES VALIDATION:\n  %s\n" (join "\n  " $problems)) -}}
{{- end -}}
{{- end -}}
